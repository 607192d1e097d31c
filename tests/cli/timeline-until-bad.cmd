timeline @TESTS@/timeline/lifetime-ban.xml --until soon
