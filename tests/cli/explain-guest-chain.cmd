explain @TESTS@/transition/guest-host-fenced.xml d1
