scores @TESTS@/timeline/lifetime-ban.xml --until 1d
