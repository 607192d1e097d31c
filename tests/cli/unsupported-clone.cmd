scores @TESTS@/cases/clone-anonymous.xml
