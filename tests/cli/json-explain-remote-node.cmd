explain @TESTS@/transition/remote-reconnect-recent.xml d1 --json
