transition @TESTS@/unsupported/remote-filler-stranded.xml
