# ctest: `cmake --install BUILD_DIR --prefix PREFIX` into a fresh prefix, then what a Debian desktop
# looks for must be where it looks, and the installed CLI must run.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}")
endif()

set(expected
  bin/tilewatch
  bin/tilewatch-cli
  share/applications/tilewatch.desktop
  share/icons/hicolor/scalable/apps/tilewatch.svg
  share/tilewatch/translations/tilewatch_zh_CN.qm
  share/tilewatch/translations/tilewatch_en.qm)
foreach(f IN LISTS expected)
  if(NOT EXISTS "${PREFIX}/${f}")
    list(APPEND missing "${f}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "not installed: ${missing}\ninstall output:\n${out}")
endif()

# The entry must name the installed program and icon, and pass the freedesktop validator.
file(STRINGS "${PREFIX}/share/applications/tilewatch.desktop" exec REGEX "^Exec=")
file(STRINGS "${PREFIX}/share/applications/tilewatch.desktop" icon REGEX "^Icon=")
if(NOT exec MATCHES "^Exec=tilewatch( |$)" OR NOT icon STREQUAL "Icon=tilewatch")
  message(FATAL_ERROR "the .desktop entry names another program or icon: ${exec} ${icon}")
endif()
find_program(VALIDATE desktop-file-validate)
if(VALIDATE)
  execute_process(COMMAND "${VALIDATE}" "${PREFIX}/share/applications/tilewatch.desktop"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0 OR out MATCHES "error")
    message(FATAL_ERROR "desktop-file-validate: ${out}")
  endif()
else()
  message(WARNING "desktop-file-validate not found (Debian package desktop-file-utils); entry not validated")
endif()

execute_process(COMMAND "${PREFIX}/bin/tilewatch-cli" --version RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^tilewatch-cli [0-9]")
  message(FATAL_ERROR "the installed tilewatch-cli does not run (${rc}): ${out}")
endif()
file(REMOVE_RECURSE "${PREFIX}")
message(STATUS "installed and checked: ${expected}")
