# Compiler flags for every target: C11 on POSIX, the project's warning set, and the sanitizer and
# fuzzing-engine instrumentation selected by RDNA_SANITIZE, RDNA_LIBFUZZER and RDNA_AFL.

add_compile_definitions(_DEFAULT_SOURCE _POSIX_C_SOURCE=200809L)
add_compile_options(-Wall -Wextra -Wshadow -Wconversion -Wmissing-prototypes -Wstrict-prototypes
                    -Wvla)
if(RDNA_WERROR)
  add_compile_options(-Werror)
endif()

if(RDNA_SANITIZE)
  set(rdna_sanitize_flags -fsanitize=address,undefined -fno-omit-frame-pointer
                          -fno-sanitize-recover=all)
  add_compile_options(${rdna_sanitize_flags})
  add_link_options(${rdna_sanitize_flags})
endif()

if(RDNA_LIBFUZZER AND RDNA_AFL)
  message(FATAL_ERROR "RDNA_LIBFUZZER and RDNA_AFL need different compilers: use two build "
                      "folders (presets fuzz and afl)")
endif()

if(RDNA_LIBFUZZER)
  if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "RDNA_LIBFUZZER needs clang (-DCMAKE_C_COMPILER=clang-14), "
                        "not ${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER}")
  endif()
  # Coverage instrumentation and sanitizers everywhere; only libfuzzer_<name> links the engine
  # (-fsanitize=fuzzer), so tests and replay programs keep their own main().
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

if(RDNA_AFL)
  get_filename_component(rdna_cc_name "${CMAKE_C_COMPILER}" NAME)
  if(NOT rdna_cc_name MATCHES "^afl-clang-(fast|lto)")
    message(FATAL_ERROR "RDNA_AFL needs CC=afl-clang-fast or CC=afl-clang-lto, "
                        "not ${CMAKE_C_COMPILER}")
  endif()
  if(rdna_cc_name MATCHES "^afl-clang-lto")
    # LTO objects are LLVM bitcode: the static library needs LLVM's archiver.
    find_program(RDNA_LLVM_AR NAMES llvm-ar-14 llvm-ar REQUIRED)
    find_program(RDNA_LLVM_RANLIB NAMES llvm-ranlib-14 llvm-ranlib REQUIRED)
    set(CMAKE_AR "${RDNA_LLVM_AR}")
    set(CMAKE_C_COMPILER_AR "${RDNA_LLVM_AR}")
    set(CMAKE_RANLIB "${RDNA_LLVM_RANLIB}")
    set(CMAKE_C_COMPILER_RANLIB "${RDNA_LLVM_RANLIB}")
  endif()
endif()
