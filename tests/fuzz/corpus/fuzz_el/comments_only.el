# only comments

