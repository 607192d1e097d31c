timeline @TESTS@/timeline/lifetime-ban.xml
