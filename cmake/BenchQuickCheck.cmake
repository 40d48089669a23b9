# Runs `rdna bench --quick --json` (RDNA: the program) and checks that its JSON has every goal
# of bench/results/README.md with a numeric value. Used by the rdna_bench_quick test.
set(goal_keys
    straight_line_words_over_optimized
    seed_words_per_isa_word
    seed_compile_over_plain
    recompile_share_of_compile
    recompile_share_of_compile_unvalidated
    recompile_inst_per_s
    recompile_inst_per_s_validated
    ladder_recompile_exponent
    ladder_compile_exponent
    interp_valu_inst_per_s
    fuzz_cases_per_s
    fuzz_cases_per_pipeline)

execute_process(COMMAND "${RDNA}" bench --quick --json
                OUTPUT_VARIABLE json ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "rdna bench --quick --json exited with ${status}:\n${errors}")
endif()
string(JSON schema ERROR_VARIABLE json_error GET "${json}" schema)
if(json_error OR NOT schema STREQUAL "rdna-bench/1")
  message(FATAL_ERROR "not an rdna-bench/1 JSON object (${json_error}):\n${json}")
endif()
foreach(key IN LISTS goal_keys)
  string(JSON type ERROR_VARIABLE json_error TYPE "${json}" goals ${key} value)
  if(json_error OR NOT type STREQUAL "NUMBER")
    message(FATAL_ERROR "goal '${key}' has no numeric value (${type}${json_error})")
  endif()
  foreach(field goal met op)
    string(JSON value ERROR_VARIABLE json_error GET "${json}" goals ${key} ${field})
    if(json_error)
      message(FATAL_ERROR "goal '${key}' lacks '${field}': ${json_error}")
    endif()
  endforeach()
endforeach()
string(JSON count LENGTH "${json}" goals)
list(LENGTH goal_keys expected)
if(NOT count EQUAL expected)
  message(FATAL_ERROR "${count} goals in the JSON, ${expected} expected: update the list here")
endif()
message(STATUS "rdna bench --quick --json: ${count} goals, each with a number")
