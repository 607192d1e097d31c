@TESTS@/transition/guest-host-fenced.xml --exec 'standby g1 on'
