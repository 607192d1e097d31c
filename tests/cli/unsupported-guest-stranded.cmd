transition @TESTS@/unsupported/guest-stranded-resource.xml
