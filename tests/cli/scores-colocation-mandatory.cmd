scores @TESTS@/cases/colocation-mandatory.xml
