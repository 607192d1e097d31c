scores @TESTS@/unsupported/dense-colocation-sets.xml
