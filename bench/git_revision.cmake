# Run at every build of gg-bench (cmake -P): writes the source tree's git
# revision into git_revision.h, rewriting the file only when it changed, so
# that each report names the code it measured.
# Inputs: SOURCE_DIR, OUTPUT.
set(revision "unknown (not a git checkout)")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
                  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE head
                  RESULT_VARIABLE head_status OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(head_status EQUAL 0)
    set(revision "${head}")
    # Uncommitted changes to tracked files or untracked sources mean the
    # binary was not built from that commit alone.
    execute_process(COMMAND ${GIT_EXECUTABLE} status --porcelain -- include src cuda bench CMakeLists.txt
                    WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE changes ERROR_QUIET)
    if(NOT changes STREQUAL "")
      set(revision "${revision} with uncommitted changes")
    endif()
  endif()
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/git_revision.h.in ${OUTPUT} @ONLY)
