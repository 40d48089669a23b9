a:
a:
s_endpgm
