@TESTS@/transition/blocked-unmanaged-stopped.xml --exec 'where after; transition'
