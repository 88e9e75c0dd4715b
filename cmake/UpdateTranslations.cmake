# Brings the .ts files up to date with the sources: the one way lupdate is run on Keyright.
# Script mode, used by the `update_translations` target (on resources/translations) and by
# tst_translationfiles (on a temporary copy, to see whether anything would change):
#
#     cmake -DSETTINGS=<build>/resources/translations/lupdate-settings.cmake -DTS_DIR=<dir>
#           -P cmake/UpdateTranslations.cmake
#
# SETTINGS is written by resources/CMakeLists.txt at configure time: LUPDATE (the tool), SOURCES_LIST
# (a file naming every translated source, one per line), TS_FILES (the file names in TS_DIR) and
# PLURAL_ONLY_TS (the source language's file, which keeps only the plural forms).
# lupdate keeps every translation whose message is still in the sources, adds new messages as
# unfinished, and drops the messages the sources no longer have (-no-obsolete). -locations none
# keeps line numbers out of the files, so moving code does not rewrite them.
foreach(required SETTINGS TS_DIR)
    if(NOT DEFINED ${required})
        message(FATAL_ERROR "UpdateTranslations.cmake needs -D${required}=...")
    endif()
endforeach()
include("${SETTINGS}")

foreach(ts IN LISTS TS_FILES)
    set(options -no-obsolete -locations none)
    if(ts STREQUAL PLURAL_ONLY_TS)
        list(APPEND options -pluralonly)
    endif()
    execute_process(
        COMMAND "${LUPDATE}" ${options} "@${SOURCES_LIST}" -ts "${TS_DIR}/${ts}"
        RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "lupdate failed on ${TS_DIR}/${ts} (${result})")
    endif()
    # What is left to do, so that a new string shows up here rather than as English in the UI.
    file(STRINGS "${TS_DIR}/${ts}" unfinished REGEX "type=\"unfinished\"")
    list(LENGTH unfinished count)
    if(count GREATER 0)
        message(STATUS "${ts}: ${count} unfinished message(s). Translate them in Qt Linguist "
                       "(linguist ${TS_DIR}/${ts}) or in a text editor, removing type=\"unfinished\".")
    else()
        message(STATUS "${ts}: up to date, every message translated.")
    endif()
endforeach()
