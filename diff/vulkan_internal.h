/* Internals shared by the two files of the Vulkan backend: diff/vulkan.c (the loader, devices,
 * the device context) and diff/vulkan_run.c (one run of a module). The loader is opened at run
 * time, so every Vulkan entry point is called through struct vk_functions. */
#ifndef RDNA_DIFF_VULKAN_INTERNAL_H
#define RDNA_DIFF_VULKAN_INTERNAL_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include "rdna/gpu.h"

#define NUM_BINDINGS 4

/* Entry points, resolved through vkGetInstanceProcAddr (global and instance level) and
 * vkGetDeviceProcAddr (device level). */
#define VK_GLOBAL_FUNCTIONS(X)           \
   X(vkCreateInstance)                   \
   X(vkEnumerateInstanceLayerProperties) \
   X(vkEnumerateInstanceExtensionProperties)

#define VK_INSTANCE_FUNCTIONS(X)               \
   X(vkDestroyInstance)                        \
   X(vkEnumeratePhysicalDevices)               \
   X(vkGetPhysicalDeviceProperties)            \
   X(vkGetPhysicalDeviceProperties2)           \
   X(vkGetPhysicalDeviceFeatures2)             \
   X(vkGetPhysicalDeviceQueueFamilyProperties) \
   X(vkGetPhysicalDeviceMemoryProperties)      \
   X(vkEnumerateDeviceExtensionProperties)     \
   X(vkCreateDevice)                           \
   X(vkGetDeviceProcAddr)

#define VK_DEVICE_FUNCTIONS(X)       \
   X(vkDestroyDevice)                \
   X(vkGetDeviceQueue)               \
   X(vkCreateCommandPool)            \
   X(vkDestroyCommandPool)           \
   X(vkResetCommandPool)             \
   X(vkAllocateCommandBuffers)       \
   X(vkBeginCommandBuffer)           \
   X(vkEndCommandBuffer)             \
   X(vkCreateFence)                  \
   X(vkDestroyFence)                 \
   X(vkResetFences)                  \
   X(vkWaitForFences)                \
   X(vkQueueSubmit)                  \
   X(vkCreateBuffer)                 \
   X(vkDestroyBuffer)                \
   X(vkGetBufferMemoryRequirements)  \
   X(vkAllocateMemory)               \
   X(vkFreeMemory)                   \
   X(vkBindBufferMemory)             \
   X(vkMapMemory)                    \
   X(vkUnmapMemory)                  \
   X(vkInvalidateMappedMemoryRanges) \
   X(vkCreateShaderModule)           \
   X(vkDestroyShaderModule)          \
   X(vkCreateDescriptorSetLayout)    \
   X(vkDestroyDescriptorSetLayout)   \
   X(vkCreatePipelineLayout)         \
   X(vkDestroyPipelineLayout)        \
   X(vkCreateComputePipelines)       \
   X(vkDestroyPipeline)              \
   X(vkCreateDescriptorPool)         \
   X(vkDestroyDescriptorPool)        \
   X(vkAllocateDescriptorSets)       \
   X(vkUpdateDescriptorSets)         \
   X(vkCreateQueryPool)              \
   X(vkDestroyQueryPool)             \
   X(vkGetQueryPoolResults)          \
   X(vkCmdBindPipeline)              \
   X(vkCmdBindDescriptorSets)        \
   X(vkCmdDispatch)                  \
   X(vkCmdPipelineBarrier)           \
   X(vkCmdCopyBuffer)                \
   X(vkCmdFillBuffer)                \
   X(vkCmdResetQueryPool)            \
   X(vkCmdWriteTimestamp)            \
   X(vkDeviceWaitIdle)

struct vk_functions {
   void *library;
   PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr;
   PFN_vkCreateDebugUtilsMessengerEXT vkCreateDebugUtilsMessengerEXT;
   PFN_vkDestroyDebugUtilsMessengerEXT vkDestroyDebugUtilsMessengerEXT;
#define VK_FUNCTION_FIELD(name) PFN_##name name;
   VK_GLOBAL_FUNCTIONS(VK_FUNCTION_FIELD)
   VK_INSTANCE_FUNCTIONS(VK_FUNCTION_FIELD)
   VK_DEVICE_FUNCTIONS(VK_FUNCTION_FIELD)
#undef VK_FUNCTION_FIELD
};

struct instance {
   struct vk_functions vk;
   VkInstance instance;
   VkDebugUtilsMessengerEXT messenger;
   bool debug_utils;
};

/* Validation messages, counted by the context (the callback's user data). */
struct validation_log {
   unsigned errors;
   char first[512];
};

/* The four bindings live in one device-local buffer and one host-visible staging buffer at the
 * same offsets. */
struct run_objects {
   VkBuffer buffer, staging;
   VkDeviceMemory buffer_memory, staging_memory;
   void *mapped;
   VkShaderModule shader;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout pipeline_layout;
   VkPipeline pipeline;
   VkDescriptorPool descriptor_pool;
   VkQueryPool timestamps;
};

/* The device context of include/rdna/gpu.h. */
struct rdna_gpu {
   struct instance in;
   struct validation_log log;
   struct rdna_gpu_device_info info;
   VkPhysicalDevice physical;
   VkPhysicalDeviceLimits limits;
   VkPhysicalDeviceMemoryProperties memory;
   unsigned max_subgroups_per_group; /* maxComputeWorkgroupSubgroups; 0: no limit known */
   bool float64;                     /* shaderFloat64, enabled when the device has it */
   VkDevice device;
   uint32_t queue_family;
   uint32_t timestamp_bits;
   VkQueue queue;
   VkCommandPool command_pool;
   VkCommandBuffer command_buffer;
   VkFence fence;
   bool lost;                   /* a time-out or device loss: no further runs */
   struct run_objects *stuck;   /* a dispatch that did not finish in time, kept alive */
   struct spv_context_t *spirv; /* SPIRV-Tools, for validating modules */
};

/* Fills `diag` (when given) with `status` and a message; returns `status`. */
enum rdna_status vulkan_fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
/* A failed Vulkan call `what`: NO_MEMORY for host memory, DEVICE otherwise. */
enum rdna_status vulkan_call_fail(struct rdna_diag *diag, VkResult r, const char *what);
/* Destroys what a run created (NULL handles are skipped) and zeroes *o. */
void vulkan_run_objects_destroy(struct rdna_gpu *gpu, struct run_objects *o);

#endif
