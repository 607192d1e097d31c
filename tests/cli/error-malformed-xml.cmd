scores @TESTS@/cases/invalid/mismatched-tag.xml
