explain @TESTS@/transition/blocked-on-fail.xml after
