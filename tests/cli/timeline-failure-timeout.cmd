timeline @TESTS@/timeline/failure-timeout.xml
