# `cmake --install` and `cpack -G DEB`. The translations and the desktop entry install themselves
# (translations/, resources/); this adds the two programs and the package's metadata.
install(TARGETS tilewatch tilewatch-cli RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")

set(CPACK_PACKAGE_NAME tilewatch)
set(CPACK_PACKAGE_VENDOR "The TileWatch authors")
set(CPACK_PACKAGE_CONTACT "The TileWatch authors <tilewatch@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION "A review desk for the fair-play moderators of online mahjong platforms \
(Xinchang, Sichuan blood battle and Anshan rules): a case queue of flagged players and pairs, the table \
replayed op by op with the discard predictions and the engine's choices, fit charts. tilewatch-cli runs \
the same analysis headless over large corpora.")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
# The Qt libraries (libqt6svg6 with its plugins too) come from dpkg-shlibdeps; what it cannot see is loaded
# at run time: the SQLite driver, the KDE tilesets, the engine.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, kdegames-mahjongg-data-kf5, fairy-stockfish")
# Qt's own Chinese texts (dialog buttons) and glyphs for the Chinese desk and tile names.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n, fonts-noto-cjk")
include(CPack)
