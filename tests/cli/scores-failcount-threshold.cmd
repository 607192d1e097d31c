scores @TESTS@/cases/failcount-threshold.xml
