scores @TESTS@/cases/location-ban.xml
