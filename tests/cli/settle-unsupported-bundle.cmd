settle @TESTS@/unsupported/bundle.xml
