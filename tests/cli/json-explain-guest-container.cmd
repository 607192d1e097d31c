explain @TESTS@/transition/guest-host-fenced.xml vm1 --json
