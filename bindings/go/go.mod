module gg

go 1.19
