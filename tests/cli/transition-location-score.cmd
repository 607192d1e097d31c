transition @TESTS@/cases/location-score.xml
