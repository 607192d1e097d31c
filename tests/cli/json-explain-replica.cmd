explain @TESTS@/bundle/inner-clone-after.xml app:1 --json
