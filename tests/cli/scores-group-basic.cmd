scores @TESTS@/cases/group-basic.xml
