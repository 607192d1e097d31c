transition @TESTS@/cases/location-ban.xml
