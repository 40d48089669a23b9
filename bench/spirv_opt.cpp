// `spirv-opt -O` in process for the benchmarks (see measure.h): the installed SPIRV-Tools has no
// C entry point for its optimizer, so this file reaches its C++ API.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <spirv-tools/optimizer.hpp>

#include "measure.h"

extern "C" bool bench_spirv_optimize(const uint32_t *words, size_t num_words, uint32_t **out,
                                     size_t *out_words, char *message, size_t message_size)
{
   *out = nullptr;
   *out_words = 0;
   std::string first;
   try {
      spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_2);
      optimizer.SetMessageConsumer([&first](spv_message_level_t level, const char *,
                                            const spv_position_t &, const char *text) {
         if (level <= SPV_MSG_ERROR && first.empty())
            first = text;
      });
      optimizer.RegisterPerformancePasses();
      // The module was validated when it was built; the optimizer need not validate it again.
      spvtools::OptimizerOptions options;
      options.set_run_validator(false);
      std::vector<uint32_t> result;
      if (!optimizer.Run(words, num_words, &result, options)) {
         std::snprintf(message, message_size, "spirv-opt -O failed: %s",
                       first.empty() ? "no message" : first.c_str());
         return false;
      }
      *out = static_cast<uint32_t *>(std::malloc(result.size() * sizeof(uint32_t) + 1));
      if (!*out) {
         std::snprintf(message, message_size, "out of memory");
         return false;
      }
      std::memcpy(*out, result.data(), result.size() * sizeof(uint32_t));
      *out_words = result.size();
      return true;
   } catch (...) {
      std::snprintf(message, message_size, "spirv-opt -O failed: out of memory");
      return false;
   }
}
