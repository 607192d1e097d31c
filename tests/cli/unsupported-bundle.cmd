scores @TESTS@/unsupported/bundle.xml
