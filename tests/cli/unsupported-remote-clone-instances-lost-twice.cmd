transition @TESTS@/unsupported/remote-clone-instances-lost-twice.xml
