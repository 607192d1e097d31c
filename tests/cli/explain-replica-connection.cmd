explain @TESTS@/bundle/inner-clone-after.xml web-0
