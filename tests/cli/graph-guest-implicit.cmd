graph @TESTS@/transition/guest-host-fenced.xml
