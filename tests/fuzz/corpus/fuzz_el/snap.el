# SNAP-style header
% another comment
0 1
0 2
2 1
1 3
2 3
3 2
4 4
0 5
