graph @TESTS@/bundle/inner-clone-after.xml app:1 --depth 1
