scores @TESTS@/cases/location-score.xml
