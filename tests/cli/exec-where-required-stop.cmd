@TESTS@/transition/blocked-on-fail.xml --exec 'where after; transition'
