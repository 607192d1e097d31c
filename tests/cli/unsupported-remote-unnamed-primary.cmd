transition @TESTS@/unsupported/remote-unnamed-primary.xml
