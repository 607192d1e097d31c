transition @TESTS@/unsupported/remote-maintenance-fenced.xml
