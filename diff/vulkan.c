/* The Vulkan half of the GPU backend (include/rdna/gpu.h): the loader opened at run time, device
 * enumeration and choice, the device context, and one run of a recompiled module: buffers for
 * bindings 0-3 of the module interface (include/rdna/recomp.h), the compute pipeline with the
 * module's subgroup size required, the dispatch, a bounded wait, and the read-back. Case files
 * are diff/gpu_case.c's business; this file knows only modules and layouts. */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* libspirv.h defines (not declares) kDefaultMaxIdBound, which C gives external linkage: a
 * private name per file keeps two such files linkable together. */
#define kDefaultMaxIdBound vulkan_spirv_max_id_bound
#include <spirv-tools/libspirv.h>
#undef kDefaultMaxIdBound

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include "rdna/gpu.h"

#define DEFAULT_TIMEOUT_NS 10000000000ull
/* How long rdna_gpu_close waits for a dispatch that timed out before abandoning it. */
#define CLOSE_TIMEOUT_NS 5000000000ull
#define NUM_BINDINGS 4

/* ---- the loader ---------------------------------------------------------------------------- */

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

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(diag->message, sizeof(diag->message), fmt, ap);
      va_end(ap);
   }
   return status;
}

static const char *vk_result_name(VkResult r)
{
   switch (r) {
   case VK_SUCCESS:
      return "VK_SUCCESS";
   case VK_TIMEOUT:
      return "VK_TIMEOUT";
   case VK_ERROR_OUT_OF_HOST_MEMORY:
      return "VK_ERROR_OUT_OF_HOST_MEMORY";
   case VK_ERROR_OUT_OF_DEVICE_MEMORY:
      return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
   case VK_ERROR_INITIALIZATION_FAILED:
      return "VK_ERROR_INITIALIZATION_FAILED";
   case VK_ERROR_DEVICE_LOST:
      return "VK_ERROR_DEVICE_LOST";
   case VK_ERROR_MEMORY_MAP_FAILED:
      return "VK_ERROR_MEMORY_MAP_FAILED";
   case VK_ERROR_LAYER_NOT_PRESENT:
      return "VK_ERROR_LAYER_NOT_PRESENT";
   case VK_ERROR_EXTENSION_NOT_PRESENT:
      return "VK_ERROR_EXTENSION_NOT_PRESENT";
   case VK_ERROR_FEATURE_NOT_PRESENT:
      return "VK_ERROR_FEATURE_NOT_PRESENT";
   case VK_ERROR_INCOMPATIBLE_DRIVER:
      return "VK_ERROR_INCOMPATIBLE_DRIVER";
   case VK_ERROR_TOO_MANY_OBJECTS:
      return "VK_ERROR_TOO_MANY_OBJECTS";
   case VK_ERROR_INVALID_SHADER_NV:
      return "VK_ERROR_INVALID_SHADER_NV";
   case VK_ERROR_OUT_OF_POOL_MEMORY:
      return "VK_ERROR_OUT_OF_POOL_MEMORY";
   default:
      return "VkResult";
   }
}

/* A failed Vulkan call: NO_MEMORY for host memory, DEVICE otherwise. */
static enum rdna_status vk_fail(struct rdna_diag *diag, VkResult r, const char *what)
{
   return fail(diag, r == VK_ERROR_OUT_OF_HOST_MEMORY ? RDNA_NO_MEMORY : RDNA_DEVICE,
               "%s failed: %s (%d)", what, vk_result_name(r), (int)r);
}

static enum rdna_status load_loader(struct vk_functions *vk, struct rdna_diag *diag)
{
   memset(vk, 0, sizeof(*vk));
   const char *name = getenv("RDNA_VULKAN_LOADER");
   if (!name || !*name)
      name = "libvulkan.so.1";
   vk->library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
   if (!vk->library)
      return fail(diag, RDNA_NO_DEVICE, "no Vulkan loader: cannot open %s", name);
   /* POSIX dlsym returns an object pointer; the cast to a function pointer goes through memcpy. */
   void *symbol = dlsym(vk->library, "vkGetInstanceProcAddr");
   if (!symbol) {
      dlclose(vk->library);
      vk->library = NULL;
      return fail(diag, RDNA_NO_DEVICE, "%s is not a Vulkan loader (no vkGetInstanceProcAddr)",
                  name);
   }
   memcpy(&vk->vkGetInstanceProcAddr, &symbol, sizeof(symbol));
#define VK_LOAD_GLOBAL(fn) vk->fn = (PFN_##fn)vk->vkGetInstanceProcAddr(NULL, #fn);
   VK_GLOBAL_FUNCTIONS(VK_LOAD_GLOBAL)
#undef VK_LOAD_GLOBAL
   if (!vk->vkCreateInstance || !vk->vkEnumerateInstanceLayerProperties ||
       !vk->vkEnumerateInstanceExtensionProperties) {
      dlclose(vk->library);
      vk->library = NULL;
      return fail(diag, RDNA_NO_DEVICE, "the Vulkan loader %s lacks core entry points", name);
   }
   return RDNA_OK;
}

static enum rdna_status load_instance_functions(struct vk_functions *vk, VkInstance instance,
                                                struct rdna_diag *diag)
{
#define VK_LOAD_INSTANCE(fn)                                    \
   vk->fn = (PFN_##fn)vk->vkGetInstanceProcAddr(instance, #fn); \
   if (!vk->fn)                                                 \
      return fail(diag, RDNA_NO_DEVICE, "the Vulkan loader has no %s", #fn);
   VK_INSTANCE_FUNCTIONS(VK_LOAD_INSTANCE)
#undef VK_LOAD_INSTANCE
   vk->vkCreateDebugUtilsMessengerEXT =
      (PFN_vkCreateDebugUtilsMessengerEXT)vk->vkGetInstanceProcAddr(
         instance, "vkCreateDebugUtilsMessengerEXT");
   vk->vkDestroyDebugUtilsMessengerEXT =
      (PFN_vkDestroyDebugUtilsMessengerEXT)vk->vkGetInstanceProcAddr(
         instance, "vkDestroyDebugUtilsMessengerEXT");
   return RDNA_OK;
}

static enum rdna_status load_device_functions(struct vk_functions *vk, VkDevice device,
                                              struct rdna_diag *diag)
{
#define VK_LOAD_DEVICE(fn)                                  \
   vk->fn = (PFN_##fn)vk->vkGetDeviceProcAddr(device, #fn); \
   if (!vk->fn)                                             \
      return fail(diag, RDNA_DEVICE, "the Vulkan device has no %s", #fn);
   VK_DEVICE_FUNCTIONS(VK_LOAD_DEVICE)
#undef VK_LOAD_DEVICE
   return RDNA_OK;
}

/* ---- the instance and device enumeration --------------------------------------------------- */

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

static VKAPI_ATTR VkBool32 VKAPI_CALL validation_message(
   VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT types,
   const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   (void)types;
   struct validation_log *log = user;
   if (log && (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)) {
      if (log->errors++ == 0)
         snprintf(log->first, sizeof(log->first), "%s",
                  data && data->pMessage ? data->pMessage : "(no message)");
   }
   return VK_FALSE;
}

static bool has_layer(const struct vk_functions *vk, const char *name)
{
   uint32_t count = 0;
   if (vk->vkEnumerateInstanceLayerProperties(&count, NULL) != VK_SUCCESS || count == 0)
      return false;
   VkLayerProperties *layers = calloc(count, sizeof(*layers));
   bool found = false;
   if (layers && vk->vkEnumerateInstanceLayerProperties(&count, layers) == VK_SUCCESS)
      for (uint32_t i = 0; i < count && !found; i++)
         found = strcmp(layers[i].layerName, name) == 0;
   free(layers);
   return found;
}

static bool has_instance_extension(const struct vk_functions *vk, const char *layer,
                                   const char *name)
{
   uint32_t count = 0;
   if (vk->vkEnumerateInstanceExtensionProperties(layer, &count, NULL) != VK_SUCCESS || !count)
      return false;
   VkExtensionProperties *ext = calloc(count, sizeof(*ext));
   bool found = false;
   if (ext && vk->vkEnumerateInstanceExtensionProperties(layer, &count, ext) == VK_SUCCESS)
      for (uint32_t i = 0; i < count && !found; i++)
         found = strcmp(ext[i].extensionName, name) == 0;
   free(ext);
   return found;
}

static void instance_destroy(struct instance *in)
{
   if (in->messenger && in->vk.vkDestroyDebugUtilsMessengerEXT)
      in->vk.vkDestroyDebugUtilsMessengerEXT(in->instance, in->messenger, NULL);
   if (in->instance)
      in->vk.vkDestroyInstance(in->instance, NULL);
   if (in->vk.library)
      dlclose(in->vk.library);
   memset(in, 0, sizeof(*in));
}

static enum rdna_status instance_create(struct instance *in, bool validation,
                                        struct validation_log *log, struct rdna_diag *diag)
{
   memset(in, 0, sizeof(*in));
   enum rdna_status st = load_loader(&in->vk, diag);
   if (st != RDNA_OK)
      return st;
   const char *layers[1], *extensions[1];
   uint32_t num_layers = 0, num_extensions = 0;
   if (validation && has_layer(&in->vk, "VK_LAYER_KHRONOS_validation")) {
      layers[num_layers++] = "VK_LAYER_KHRONOS_validation";
      if (has_instance_extension(&in->vk, NULL, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) ||
          has_instance_extension(&in->vk, layers[0], VK_EXT_DEBUG_UTILS_EXTENSION_NAME)) {
         extensions[num_extensions++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
         in->debug_utils = true;
      }
   }
   VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "rdna",
      .pEngineName = "rdna",
      .apiVersion = VK_API_VERSION_1_2,
   };
   VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
      .pfnUserCallback = validation_message,
      .pUserData = log,
   };
   VkInstanceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = in->debug_utils ? &messenger_info : NULL,
      .pApplicationInfo = &app,
      .enabledLayerCount = num_layers,
      .ppEnabledLayerNames = layers,
      .enabledExtensionCount = num_extensions,
      .ppEnabledExtensionNames = extensions,
   };
   VkResult r = in->vk.vkCreateInstance(&info, NULL, &in->instance);
   if (r != VK_SUCCESS) {
      in->instance = VK_NULL_HANDLE;
      instance_destroy(in);
      if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
         return fail(diag, RDNA_NO_DEVICE,
                     "no Vulkan driver: the loader found no installable client driver");
      return vk_fail(diag, r, "vkCreateInstance");
   }
   st = load_instance_functions(&in->vk, in->instance, diag);
   if (st == RDNA_OK && in->debug_utils && in->vk.vkCreateDebugUtilsMessengerEXT) {
      r =
         in->vk.vkCreateDebugUtilsMessengerEXT(in->instance, &messenger_info, NULL, &in->messenger);
      if (r != VK_SUCCESS)
         st = vk_fail(diag, r, "vkCreateDebugUtilsMessengerEXT");
   }
   if (st != RDNA_OK)
      instance_destroy(in);
   return st;
}

static bool device_has_extension(const struct vk_functions *vk, VkPhysicalDevice pd,
                                 const char *name)
{
   uint32_t count = 0;
   if (vk->vkEnumerateDeviceExtensionProperties(pd, NULL, &count, NULL) != VK_SUCCESS || !count)
      return false;
   VkExtensionProperties *ext = calloc(count, sizeof(*ext));
   bool found = false;
   if (ext && vk->vkEnumerateDeviceExtensionProperties(pd, NULL, &count, ext) == VK_SUCCESS)
      for (uint32_t i = 0; i < count && !found; i++)
         found = strcmp(ext[i].extensionName, name) == 0;
   free(ext);
   return found;
}

/* The first queue family with compute, or UINT32_MAX. */
static uint32_t compute_queue_family(const struct vk_functions *vk, VkPhysicalDevice pd,
                                     uint32_t *timestamp_bits)
{
   uint32_t count = 0;
   vk->vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, NULL);
   VkQueueFamilyProperties *families = calloc(count ? count : 1, sizeof(*families));
   uint32_t found = UINT32_MAX;
   if (families) {
      vk->vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, families);
      for (uint32_t i = 0; i < count && found == UINT32_MAX; i++)
         if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
            found = i;
            if (timestamp_bits)
               *timestamp_bits = families[i].timestampValidBits;
         }
   }
   free(families);
   return found;
}

static enum rdna_gpu_device_type device_type(VkPhysicalDeviceType type)
{
   switch (type) {
   case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return RDNA_GPU_INTEGRATED;
   case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return RDNA_GPU_DISCRETE;
   case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return RDNA_GPU_VIRTUAL;
   case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return RDNA_GPU_CPU;
   default:
      return RDNA_GPU_OTHER;
   }
}

const char *rdna_gpu_device_type_name(enum rdna_gpu_device_type type)
{
   static const char *const names[] = { "other", "integrated", "discrete", "virtual", "cpu" };
   return (unsigned)type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}

/* The subgroup operations a recompiled module uses: ballots build whole-wave lane masks,
 * shuffles move lanes between invocations. */
#define REQUIRED_SUBGROUP_OPS                                        \
   (VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT | \
    VK_SUBGROUP_FEATURE_SHUFFLE_BIT)
#define REQUIREMENTS "Vulkan 1.2 compute with 64-bit integers and subgroup ballots and shuffles"

static void describe_device(const struct vk_functions *vk, VkPhysicalDevice pd, unsigned index,
                            struct rdna_gpu_device_info *info)
{
   memset(info, 0, sizeof(*info));
   info->index = index;
   bool size_control_ext =
      device_has_extension(vk, pd, VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
   VkPhysicalDeviceProperties basic;
   vk->vkGetPhysicalDeviceProperties(pd, &basic);
   bool api_1_2 = basic.apiVersion >= VK_API_VERSION_1_2;

   VkPhysicalDeviceSubgroupSizeControlPropertiesEXT size_props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES_EXT,
   };
   VkPhysicalDeviceSubgroupProperties subgroup = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
      .pNext = size_control_ext ? &size_props : NULL,
   };
   VkPhysicalDeviceDriverProperties driver = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES,
      .pNext = &subgroup,
   };
   VkPhysicalDeviceProperties2 props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      .pNext = api_1_2 ? (void *)&driver : (void *)&subgroup,
   };
   vk->vkGetPhysicalDeviceProperties2(pd, &props);
   VkPhysicalDeviceSubgroupSizeControlFeaturesEXT size_features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT,
   };
   VkPhysicalDeviceFeatures2 features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = size_control_ext ? &size_features : NULL,
   };
   vk->vkGetPhysicalDeviceFeatures2(pd, &features);

   snprintf(info->name, sizeof(info->name), "%s", props.properties.deviceName);
   if (api_1_2)
      snprintf(info->driver, sizeof(info->driver), "%.127s %.127s", driver.driverName,
               driver.driverInfo);
   else
      snprintf(info->driver, sizeof(info->driver), "driver version 0x%x",
               props.properties.driverVersion);
   info->type = device_type(props.properties.deviceType);
   info->api_major = VK_API_VERSION_MAJOR(props.properties.apiVersion);
   info->api_minor = VK_API_VERSION_MINOR(props.properties.apiVersion);
   info->subgroup_size = subgroup.subgroupSize;
   info->max_invocations = props.properties.limits.maxComputeWorkGroupInvocations;
   info->subgroup_size_control =
      size_control_ext && size_features.subgroupSizeControl && size_features.computeFullSubgroups &&
      (size_props.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
   info->min_subgroup_size =
      info->subgroup_size_control ? size_props.minSubgroupSize : subgroup.subgroupSize;
   info->max_subgroup_size =
      info->subgroup_size_control ? size_props.maxSubgroupSize : subgroup.subgroupSize;
   info->usable = api_1_2 && features.features.shaderInt64 &&
                  compute_queue_family(vk, pd, NULL) != UINT32_MAX &&
                  (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                  (subgroup.supportedOperations & REQUIRED_SUBGROUP_OPS) == REQUIRED_SUBGROUP_OPS;
}

/* All physical devices and their descriptions. */
static enum rdna_status enumerate(const struct instance *in, VkPhysicalDevice **devices,
                                  struct rdna_gpu_device_info **infos, uint32_t *count,
                                  struct rdna_diag *diag)
{
   *devices = NULL;
   *infos = NULL;
   *count = 0;
   uint32_t n = 0;
   VkResult r = in->vk.vkEnumeratePhysicalDevices(in->instance, &n, NULL);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkEnumeratePhysicalDevices");
   if (n == 0)
      return fail(diag, RDNA_NO_DEVICE, "the Vulkan loader reports no physical device");
   VkPhysicalDevice *pds = calloc(n, sizeof(*pds));
   struct rdna_gpu_device_info *list = calloc(n, sizeof(*list));
   if (!pds || !list) {
      free(pds);
      free(list);
      return fail(diag, RDNA_NO_MEMORY, "out of memory listing Vulkan devices");
   }
   r = in->vk.vkEnumeratePhysicalDevices(in->instance, &n, pds);
   if (r != VK_SUCCESS && r != VK_INCOMPLETE) {
      free(pds);
      free(list);
      return vk_fail(diag, r, "vkEnumeratePhysicalDevices");
   }
   for (uint32_t i = 0; i < n; i++)
      describe_device(&in->vk, pds[i], i, &list[i]);
   *devices = pds;
   *infos = list;
   *count = n;
   return RDNA_OK;
}

enum rdna_status rdna_gpu_list_devices(struct rdna_gpu_device_info **devices, size_t *count,
                                       struct rdna_diag *diag)
{
   if (devices)
      *devices = NULL;
   if (count)
      *count = 0;
   if (!devices || !count)
      return fail(diag, RDNA_BAD_ARGUMENT, "no list to fill");
   struct instance in;
   enum rdna_status st = instance_create(&in, false, NULL, diag);
   if (st != RDNA_OK)
      return st;
   VkPhysicalDevice *pds = NULL;
   uint32_t n = 0;
   st = enumerate(&in, &pds, devices, &n, diag);
   free(pds);
   instance_destroy(&in);
   *count = n;
   return st;
}

/* ---- the device context -------------------------------------------------------------------- */

/* A dispatch that did not finish in time: its objects stay alive until it does. */
struct run_objects;

struct rdna_gpu {
   struct instance in;
   struct validation_log log;
   struct rdna_gpu_device_info info;
   VkPhysicalDevice physical;
   VkPhysicalDeviceLimits limits;
   VkPhysicalDeviceMemoryProperties memory;
   unsigned max_subgroups_per_group; /* maxComputeWorkgroupSubgroups; 0: no limit known */
   VkDevice device;
   uint32_t queue_family;
   uint32_t timestamp_bits;
   VkQueue queue;
   VkCommandPool command_pool;
   VkCommandBuffer command_buffer;
   VkFence fence;
   bool lost; /* a time-out or device loss: no further runs */
   struct run_objects *stuck;
   spv_context spirv;
};

static char ascii_lower(char ch)
{
   return ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
}

/* Whether `needle` occurs in `haystack`, ignoring ASCII case. */
static bool ascii_contains(const char *haystack, const char *needle)
{
   size_t n = strlen(needle);
   for (const char *h = haystack;; h++) {
      size_t i = 0;
      while (i < n && h[i] && ascii_lower(h[i]) == ascii_lower(needle[i]))
         i++;
      if (i == n)
         return true;
      if (!*h)
         return false;
   }
}

/* Rank of a device for the default choice: lower is better. */
static int default_rank(const struct rdna_gpu_device_info *info)
{
   switch (info->type) {
   case RDNA_GPU_DISCRETE:
   case RDNA_GPU_INTEGRATED:
      return 0;
   case RDNA_GPU_CPU:
      return 1;
   default:
      return 2;
   }
}

static enum rdna_status choose_device(const struct rdna_gpu_device_info *infos, uint32_t count,
                                      const char *selector, uint32_t *chosen,
                                      struct rdna_diag *diag)
{
   if (selector && *selector) {
      char *end = NULL;
      unsigned long index = strtoul(selector, &end, 10);
      bool numeric = selector[0] >= '0' && selector[0] <= '9' && end && *end == '\0';
      for (uint32_t i = 0; i < count; i++) {
         if (numeric ? i != index : !ascii_contains(infos[i].name, selector))
            continue;
         if (!infos[i].usable)
            return fail(diag, RDNA_NO_DEVICE, "device %u (%s) lacks " REQUIREMENTS, i,
                        infos[i].name);
         *chosen = i;
         return RDNA_OK;
      }
      if (numeric)
         return fail(diag, RDNA_NO_DEVICE, "no Vulkan device %s (there are %u)", selector, count);
      return fail(diag, RDNA_NO_DEVICE, "no Vulkan device whose name contains '%s'", selector);
   }
   int best = 3;
   for (uint32_t i = 0; i < count; i++)
      if (infos[i].usable && default_rank(&infos[i]) < best) {
         best = default_rank(&infos[i]);
         *chosen = i;
      }
   if (best == 3)
      return fail(diag, RDNA_NO_DEVICE, "none of the %u Vulkan devices has " REQUIREMENTS, count);
   return RDNA_OK;
}

/* Device features a recompiled module may declare, enabled where the device has them. */
static enum rdna_status create_device(struct rdna_gpu *gpu, struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkPhysicalDeviceSubgroupSizeControlFeaturesEXT size_features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT,
   };
   VkPhysicalDeviceVulkan12Features v12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = gpu->info.subgroup_size_control ? &size_features : NULL,
   };
   VkPhysicalDeviceVulkan11Features v11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .pNext = &v12,
   };
   VkPhysicalDeviceFeatures2 have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = &v11,
   };
   vk->vkGetPhysicalDeviceFeatures2(gpu->physical, &have);

   VkPhysicalDeviceSubgroupSizeControlFeaturesEXT want_size = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT,
      .subgroupSizeControl = VK_TRUE,
      .computeFullSubgroups = VK_TRUE,
   };
   VkPhysicalDeviceVulkan12Features want12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = gpu->info.subgroup_size_control ? &want_size : NULL,
      .storageBuffer8BitAccess = v12.storageBuffer8BitAccess,
      .shaderInt8 = v12.shaderInt8,
      .shaderFloat16 = v12.shaderFloat16,
      .vulkanMemoryModel = v12.vulkanMemoryModel,
      .vulkanMemoryModelDeviceScope = v12.vulkanMemoryModelDeviceScope,
      .shaderSubgroupExtendedTypes = v12.shaderSubgroupExtendedTypes,
   };
   VkPhysicalDeviceVulkan11Features want11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .pNext = &want12,
      .storageBuffer16BitAccess = v11.storageBuffer16BitAccess,
   };
   VkPhysicalDeviceFeatures2 want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = &want11,
      .features = {
         .shaderInt64 = have.features.shaderInt64,
         .shaderInt16 = have.features.shaderInt16,
         .shaderFloat64 = have.features.shaderFloat64,
      },
   };
   float priority = 1.0f;
   VkDeviceQueueCreateInfo queue = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = gpu->queue_family,
      .queueCount = 1,
      .pQueuePriorities = &priority,
   };
   const char *extensions[] = { VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME };
   VkDeviceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &want,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &queue,
      .enabledExtensionCount = gpu->info.subgroup_size_control ? 1 : 0,
      .ppEnabledExtensionNames = extensions,
   };
   VkResult r = vk->vkCreateDevice(gpu->physical, &info, NULL, &gpu->device);
   if (r != VK_SUCCESS) {
      gpu->device = VK_NULL_HANDLE;
      return vk_fail(diag, r, "vkCreateDevice");
   }
   enum rdna_status st = load_device_functions(&gpu->in.vk, gpu->device, diag);
   if (st != RDNA_OK)
      return st;
   vk->vkGetDeviceQueue(gpu->device, gpu->queue_family, 0, &gpu->queue);

   VkCommandPoolCreateInfo pool = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .queueFamilyIndex = gpu->queue_family,
   };
   r = vk->vkCreateCommandPool(gpu->device, &pool, NULL, &gpu->command_pool);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkCreateCommandPool");
   VkCommandBufferAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = gpu->command_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   r = vk->vkAllocateCommandBuffers(gpu->device, &alloc, &gpu->command_buffer);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkAllocateCommandBuffers");
   VkFenceCreateInfo fence = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   r = vk->vkCreateFence(gpu->device, &fence, NULL, &gpu->fence);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkCreateFence");
   return RDNA_OK;
}

enum rdna_status rdna_gpu_open(const struct rdna_gpu_options *options, struct rdna_gpu **out,
                               struct rdna_diag *diag)
{
   if (out)
      *out = NULL;
   if (!out)
      return fail(diag, RDNA_BAD_ARGUMENT, "no context to fill");
   struct rdna_gpu *gpu = calloc(1, sizeof(*gpu));
   if (!gpu)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   enum rdna_status st = instance_create(&gpu->in, options && options->validation, &gpu->log, diag);
   if (st != RDNA_OK) {
      free(gpu);
      return st;
   }
   VkPhysicalDevice *pds = NULL;
   struct rdna_gpu_device_info *infos = NULL;
   uint32_t count = 0, chosen = 0;
   st = enumerate(&gpu->in, &pds, &infos, &count, diag);
   if (st == RDNA_OK)
      st = choose_device(infos, count, options ? options->device : NULL, &chosen, diag);
   if (st == RDNA_OK) {
      gpu->physical = pds[chosen];
      gpu->info = infos[chosen];
   }
   free(pds);
   free(infos);
   if (st != RDNA_OK) {
      rdna_gpu_close(gpu);
      return st;
   }

   const struct vk_functions *vk = &gpu->in.vk;
   VkPhysicalDeviceSubgroupSizeControlPropertiesEXT size_props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES_EXT,
   };
   VkPhysicalDeviceProperties2 props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      .pNext = gpu->info.subgroup_size_control ? &size_props : NULL,
   };
   vk->vkGetPhysicalDeviceProperties2(gpu->physical, &props);
   gpu->limits = props.properties.limits;
   gpu->max_subgroups_per_group =
      gpu->info.subgroup_size_control ? size_props.maxComputeWorkgroupSubgroups : 0;
   vk->vkGetPhysicalDeviceMemoryProperties(gpu->physical, &gpu->memory);
   gpu->queue_family = compute_queue_family(vk, gpu->physical, &gpu->timestamp_bits);
   if (props.properties.limits.timestampPeriod <= 0.0f)
      gpu->timestamp_bits = 0;

   st = create_device(gpu, diag);
   if (st == RDNA_OK) {
      gpu->spirv = spvContextCreate(SPV_ENV_VULKAN_1_2);
      if (!gpu->spirv)
         st = fail(diag, RDNA_NO_MEMORY, "out of memory creating a SPIRV-Tools context");
   }
   if (st != RDNA_OK) {
      rdna_gpu_close(gpu);
      return st;
   }
   *out = gpu;
   return RDNA_OK;
}

const struct rdna_gpu_device_info *rdna_gpu_device(const struct rdna_gpu *gpu)
{
   return gpu ? &gpu->info : NULL;
}

unsigned rdna_gpu_validation_errors(const struct rdna_gpu *gpu, const char **first)
{
   if (first)
      *first = gpu && gpu->log.errors ? gpu->log.first : NULL;
   return gpu ? gpu->log.errors : 0;
}

enum rdna_status rdna_gpu_subgroup_size(const struct rdna_gpu *gpu, unsigned wave_size,
                                        unsigned *subgroup_size, struct rdna_diag *diag)
{
   if (!gpu || !subgroup_size || (wave_size != 32 && wave_size != 64))
      return fail(diag, RDNA_BAD_ARGUMENT, "wave size %u is neither 32 nor 64", wave_size);
   const struct rdna_gpu_device_info *info = &gpu->info;
   if (!info->subgroup_size_control) {
      unsigned fixed = info->subgroup_size;
      if (fixed == 0 || fixed > wave_size || (fixed & (fixed - 1)))
         return fail(diag, RDNA_UNSUPPORTED,
                     "%s has a fixed subgroup size of %u, which cannot carry a wave of %u",
                     info->name, fixed, wave_size);
      *subgroup_size = fixed;
      return RDNA_OK;
   }
   unsigned size = wave_size;
   while (size > info->max_subgroup_size)
      size /= 2;
   if (size < info->min_subgroup_size || size == 0)
      return fail(diag, RDNA_UNSUPPORTED,
                  "%s allows subgroup sizes %u to %u, none of which divides a wave of %u",
                  info->name, info->min_subgroup_size, info->max_subgroup_size, wave_size);
   *subgroup_size = size;
   return RDNA_OK;
}

/* ---- one run ------------------------------------------------------------------------------- */

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

static void run_objects_destroy(struct rdna_gpu *gpu, struct run_objects *o)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkDevice d = gpu->device;
   if (o->timestamps)
      vk->vkDestroyQueryPool(d, o->timestamps, NULL);
   if (o->descriptor_pool)
      vk->vkDestroyDescriptorPool(d, o->descriptor_pool, NULL);
   if (o->pipeline)
      vk->vkDestroyPipeline(d, o->pipeline, NULL);
   if (o->pipeline_layout)
      vk->vkDestroyPipelineLayout(d, o->pipeline_layout, NULL);
   if (o->set_layout)
      vk->vkDestroyDescriptorSetLayout(d, o->set_layout, NULL);
   if (o->shader)
      vk->vkDestroyShaderModule(d, o->shader, NULL);
   if (o->mapped)
      vk->vkUnmapMemory(d, o->staging_memory);
   if (o->staging)
      vk->vkDestroyBuffer(d, o->staging, NULL);
   if (o->buffer)
      vk->vkDestroyBuffer(d, o->buffer, NULL);
   if (o->staging_memory)
      vk->vkFreeMemory(d, o->staging_memory, NULL);
   if (o->buffer_memory)
      vk->vkFreeMemory(d, o->buffer_memory, NULL);
   memset(o, 0, sizeof(*o));
}

void rdna_gpu_close(struct rdna_gpu *gpu)
{
   if (!gpu)
      return;
   const struct vk_functions *vk = &gpu->in.vk;
   bool abandon = false;
   if (gpu->stuck) {
      /* A dispatch that timed out: destroying what it uses while it runs is undefined, and
       * waiting without bound could hang, so give it a last bounded wait. */
      VkResult r = vk->vkWaitForFences(gpu->device, 1, &gpu->fence, VK_TRUE, CLOSE_TIMEOUT_NS);
      if (r == VK_SUCCESS) {
         run_objects_destroy(gpu, gpu->stuck);
         free(gpu->stuck);
         gpu->stuck = NULL;
      } else {
         abandon = true;
      }
   }
   if (abandon) {
      /* The driver still runs the dispatch: leave the device, the instance and the loader to
       * the process's end. */
      if (gpu->spirv)
         spvContextDestroy(gpu->spirv);
      free(gpu);
      return;
   }
   if (gpu->device) {
      if (!gpu->lost)
         vk->vkDeviceWaitIdle(gpu->device);
      if (gpu->fence)
         vk->vkDestroyFence(gpu->device, gpu->fence, NULL);
      if (gpu->command_pool)
         vk->vkDestroyCommandPool(gpu->device, gpu->command_pool, NULL);
      vk->vkDestroyDevice(gpu->device, NULL);
   }
   instance_destroy(&gpu->in);
   if (gpu->spirv)
      spvContextDestroy(gpu->spirv);
   free(gpu);
}

static uint64_t now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t align_up(uint64_t value, uint64_t alignment)
{
   return (value + alignment - 1) / alignment * alignment;
}

/* Binding byte ranges. */
struct binding_ranges {
   uint64_t offset[NUM_BINDINGS], size[NUM_BINDINGS], total;
};

static enum rdna_status check_layout(const struct rdna_gpu *gpu, const struct rdna_module_layout *l,
                                     struct rdna_diag *diag)
{
   if (l->wave_size != 32 && l->wave_size != 64)
      return fail(diag, RDNA_BAD_ARGUMENT, "layout: wave size %u", l->wave_size);
   unsigned subgroup = 0;
   enum rdna_status st = rdna_gpu_subgroup_size(gpu, l->wave_size, &subgroup, diag);
   if (st != RDNA_OK)
      return st;
   bool size_ok = gpu->info.subgroup_size_control
                     ? l->subgroup_size >= gpu->info.min_subgroup_size &&
                          l->subgroup_size <= gpu->info.max_subgroup_size &&
                          !(l->subgroup_size & (l->subgroup_size - 1))
                     : l->subgroup_size == gpu->info.subgroup_size;
   if (!size_ok || l->subgroup_size > l->wave_size)
      return fail(diag, RDNA_BAD_ARGUMENT,
                  "layout: subgroup size %u does not run on %s (it runs %u for wave%u)",
                  l->subgroup_size, gpu->info.name, subgroup, l->wave_size);
   if (l->lanes_per_invocation * l->subgroup_size != l->wave_size)
      return fail(diag, RDNA_BAD_ARGUMENT,
                  "layout: %u lanes per invocation times subgroup size %u is not wave%u",
                  l->lanes_per_invocation, l->subgroup_size, l->wave_size);
   uint64_t invocations = (uint64_t)l->local_size[0] * l->local_size[1] * l->local_size[2];
   if (l->waves_per_group == 0 || invocations != (uint64_t)l->subgroup_size * l->waves_per_group ||
       l->local_size[0] % l->subgroup_size != 0)
      return fail(diag, RDNA_BAD_ARGUMENT,
                  "layout: local size %u x %u x %u is not %u waves of subgroup size %u",
                  l->local_size[0], l->local_size[1], l->local_size[2], l->waves_per_group,
                  l->subgroup_size);
   uint64_t groups = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
   if (groups == 0 || l->num_waves != groups * l->waves_per_group)
      return fail(diag, RDNA_BAD_ARGUMENT, "layout: %u waves is not %u per group times %llu groups",
                  l->num_waves, l->waves_per_group, (unsigned long long)groups);
   if (l->vgprs == 0 || l->vgprs > 256 ||
       l->state_words != RDNA_STATE_WORDS(l->vgprs, l->wave_size))
      return fail(diag, RDNA_BAD_ARGUMENT, "layout: %zu state words for %u VGPRs", l->state_words,
                  l->vgprs);
   for (size_t i = 0; i < l->num_regions; i++) {
      const struct rdna_module_region *r = &l->regions[i];
      if (r->offset % 16 || r->offset > l->memory_bytes || r->size > l->memory_bytes - r->offset)
         return fail(diag, RDNA_BAD_ARGUMENT, "layout: region '%s' lies outside the memory buffer",
                     r->name ? r->name : "?");
   }
   const VkPhysicalDeviceLimits *lim = &gpu->limits;
   if (invocations > lim->maxComputeWorkGroupInvocations ||
       l->local_size[0] > lim->maxComputeWorkGroupSize[0] ||
       l->local_size[1] > lim->maxComputeWorkGroupSize[1] ||
       l->local_size[2] > lim->maxComputeWorkGroupSize[2])
      return fail(diag, RDNA_UNSUPPORTED,
                  "%s allows at most %u invocations per workgroup (%llu asked)", gpu->info.name,
                  lim->maxComputeWorkGroupInvocations, (unsigned long long)invocations);
   if (gpu->max_subgroups_per_group && l->waves_per_group > gpu->max_subgroups_per_group)
      return fail(diag, RDNA_UNSUPPORTED, "%s allows at most %u subgroups per workgroup (%u asked)",
                  gpu->info.name, gpu->max_subgroups_per_group, l->waves_per_group);
   for (int i = 0; i < 3; i++)
      if (l->grid[i] > lim->maxComputeWorkGroupCount[i])
         return fail(diag, RDNA_UNSUPPORTED, "%s allows at most %u workgroups in dimension %d",
                     gpu->info.name, lim->maxComputeWorkGroupCount[i], i);
   return RDNA_OK;
}

static enum rdna_status plan_bindings(const struct rdna_gpu *gpu,
                                      const struct rdna_module_layout *l, struct binding_ranges *b,
                                      struct rdna_diag *diag)
{
   uint64_t groups = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
   uint64_t sizes[NUM_BINDINGS] = {
      align_up(l->memory_bytes, 4),
      (uint64_t)l->num_waves * l->state_words * 4,
      align_up(l->scratch_bytes_per_lane * l->wave_size * l->num_waves, 4),
      align_up((uint64_t)l->lds_bytes * groups, 4),
   };
   uint64_t alignment = gpu->limits.minStorageBufferOffsetAlignment;
   if (alignment < 16)
      alignment = 16;
   uint64_t offset = 0;
   for (int i = 0; i < NUM_BINDINGS; i++) {
      /* A binding the module does not use still gets a small range: descriptors need one. */
      uint64_t size = sizes[i] ? sizes[i] : 16;
      if (size > gpu->limits.maxStorageBufferRange)
         return fail(diag, RDNA_UNSUPPORTED,
                     "binding %d needs %llu bytes; %s allows %u per storage buffer", i,
                     (unsigned long long)size, gpu->info.name, gpu->limits.maxStorageBufferRange);
      b->offset[i] = offset;
      b->size[i] = size;
      offset = align_up(offset + size, alignment);
   }
   b->total = offset;
   return RDNA_OK;
}

/* The first memory type allowed by `type_bits` with all of `want`; UINT32_MAX if none. */
static uint32_t find_memory_type(const VkPhysicalDeviceMemoryProperties *mem, uint32_t type_bits,
                                 VkMemoryPropertyFlags want)
{
   for (uint32_t i = 0; i < mem->memoryTypeCount; i++)
      if ((type_bits & (1u << i)) && (mem->memoryTypes[i].propertyFlags & want) == want)
         return i;
   return UINT32_MAX;
}

static enum rdna_status create_buffer(struct rdna_gpu *gpu, uint64_t size, VkBufferUsageFlags usage,
                                      bool host, VkBuffer *buffer, VkDeviceMemory *memory,
                                      struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkBufferCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size,
      .usage = usage,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   VkResult r = vk->vkCreateBuffer(gpu->device, &info, NULL, buffer);
   if (r != VK_SUCCESS) {
      *buffer = VK_NULL_HANDLE;
      return vk_fail(diag, r, "vkCreateBuffer");
   }
   VkMemoryRequirements req;
   vk->vkGetBufferMemoryRequirements(gpu->device, *buffer, &req);
   uint32_t type;
   if (host) {
      type = find_memory_type(&gpu->memory, req.memoryTypeBits,
                              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                 VK_MEMORY_PROPERTY_HOST_COHERENT_BIT |
                                 VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
      if (type == UINT32_MAX)
         type = find_memory_type(&gpu->memory, req.memoryTypeBits,
                                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                    VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   } else {
      type =
         find_memory_type(&gpu->memory, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
      if (type == UINT32_MAX)
         type = find_memory_type(&gpu->memory, req.memoryTypeBits, 0);
   }
   if (type == UINT32_MAX)
      return fail(diag, RDNA_DEVICE, "%s has no %s memory type for a buffer", gpu->info.name,
                  host ? "host-visible coherent" : "device");
   VkMemoryAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = type,
   };
   r = vk->vkAllocateMemory(gpu->device, &alloc, NULL, memory);
   if (r != VK_SUCCESS) {
      *memory = VK_NULL_HANDLE;
      return vk_fail(diag, r, "vkAllocateMemory");
   }
   r = vk->vkBindBufferMemory(gpu->device, *buffer, *memory, 0);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkBindBufferMemory");
   return RDNA_OK;
}

/* Shader module, layouts and pipeline with the module's subgroup size required. */
static enum rdna_status create_pipeline(struct rdna_gpu *gpu, const uint32_t *words,
                                        size_t num_words, const struct rdna_module_layout *l,
                                        struct run_objects *o, struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkDescriptorSetLayoutBinding bindings[NUM_BINDINGS];
   for (uint32_t i = 0; i < NUM_BINDINGS; i++)
      bindings[i] = (VkDescriptorSetLayoutBinding){
         .binding = i,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .descriptorCount = 1,
         .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
      };
   VkDescriptorSetLayoutCreateInfo set_info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = NUM_BINDINGS,
      .pBindings = bindings,
   };
   VkResult r = vk->vkCreateDescriptorSetLayout(gpu->device, &set_info, NULL, &o->set_layout);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkCreateDescriptorSetLayout");
   VkPipelineLayoutCreateInfo layout_info = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &o->set_layout,
   };
   r = vk->vkCreatePipelineLayout(gpu->device, &layout_info, NULL, &o->pipeline_layout);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkCreatePipelineLayout");

   VkShaderModuleCreateInfo shader_info = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = num_words * 4,
      .pCode = words,
   };
   r = vk->vkCreateShaderModule(gpu->device, &shader_info, NULL, &o->shader);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkCreateShaderModule");
   VkPipelineShaderStageRequiredSubgroupSizeCreateInfoEXT required = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO_EXT,
      .requiredSubgroupSize = l->subgroup_size,
   };
   VkComputePipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .pNext = gpu->info.subgroup_size_control ? &required : NULL,
         .flags = gpu->info.subgroup_size_control
                     ? VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT
                     : 0,
         .stage = VK_SHADER_STAGE_COMPUTE_BIT,
         .module = o->shader,
         .pName = "main",
      },
      .layout = o->pipeline_layout,
   };
   r = vk->vkCreateComputePipelines(gpu->device, VK_NULL_HANDLE, 1, &info, NULL, &o->pipeline);
   if (r != VK_SUCCESS) {
      o->pipeline = VK_NULL_HANDLE;
      return vk_fail(diag, r, "vkCreateComputePipelines");
   }
   return RDNA_OK;
}

static enum rdna_status bind_descriptors(struct rdna_gpu *gpu, const struct binding_ranges *b,
                                         struct run_objects *o, VkDescriptorSet *set,
                                         struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkDescriptorPoolSize pool_size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, NUM_BINDINGS };
   VkDescriptorPoolCreateInfo pool_info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 1,
      .pPoolSizes = &pool_size,
   };
   VkResult r = vk->vkCreateDescriptorPool(gpu->device, &pool_info, NULL, &o->descriptor_pool);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkCreateDescriptorPool");
   VkDescriptorSetAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = o->descriptor_pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &o->set_layout,
   };
   r = vk->vkAllocateDescriptorSets(gpu->device, &alloc, set);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkAllocateDescriptorSets");
   VkDescriptorBufferInfo infos[NUM_BINDINGS];
   VkWriteDescriptorSet writes[NUM_BINDINGS];
   for (uint32_t i = 0; i < NUM_BINDINGS; i++) {
      infos[i] = (VkDescriptorBufferInfo){ o->buffer, b->offset[i], b->size[i] };
      writes[i] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = *set,
         .dstBinding = i,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &infos[i],
      };
   }
   vk->vkUpdateDescriptorSets(gpu->device, NUM_BINDINGS, writes, 0, NULL);
   return RDNA_OK;
}

static void barrier(const struct vk_functions *vk, VkCommandBuffer cb, VkPipelineStageFlags src,
                    VkAccessFlags src_access, VkPipelineStageFlags dst, VkAccessFlags dst_access)
{
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = src_access,
      .dstAccessMask = dst_access,
   };
   vk->vkCmdPipelineBarrier(cb, src, dst, 0, 1, &mb, 0, NULL, 0, NULL);
}

/* Upload bindings 0 and 1, clear 2 and 3, dispatch, copy 0, 1 and 3 back. */
static enum rdna_status record_commands(struct rdna_gpu *gpu, const struct binding_ranges *b,
                                        const struct rdna_module_layout *l, struct run_objects *o,
                                        VkDescriptorSet set, struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkCommandBuffer cb = gpu->command_buffer;
   VkResult r = vk->vkResetCommandPool(gpu->device, gpu->command_pool, 0);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkResetCommandPool");
   VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   r = vk->vkBeginCommandBuffer(cb, &begin);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkBeginCommandBuffer");
   VkBufferCopy up[2] = {
      { b->offset[0], b->offset[0], b->size[0] },
      { b->offset[1], b->offset[1], b->size[1] },
   };
   vk->vkCmdCopyBuffer(cb, o->staging, o->buffer, 2, up);
   vk->vkCmdFillBuffer(cb, o->buffer, b->offset[2], b->size[2], 0);
   vk->vkCmdFillBuffer(cb, o->buffer, b->offset[3], b->size[3], 0);
   barrier(vk, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
           VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
           VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
   if (o->timestamps) {
      vk->vkCmdResetQueryPool(cb, o->timestamps, 0, 2);
      vk->vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, o->timestamps, 0);
   }
   vk->vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->pipeline);
   vk->vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->pipeline_layout, 0, 1, &set,
                               0, NULL);
   vk->vkCmdDispatch(cb, l->grid[0], l->grid[1], l->grid[2]);
   if (o->timestamps)
      vk->vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, o->timestamps, 1);
   barrier(vk, cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
           VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
   VkBufferCopy down[3] = {
      { b->offset[0], b->offset[0], b->size[0] },
      { b->offset[1], b->offset[1], b->size[1] },
      { b->offset[3], b->offset[3], b->size[3] },
   };
   vk->vkCmdCopyBuffer(cb, o->buffer, o->staging, 3, down);
   barrier(vk, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
           VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
   r = vk->vkEndCommandBuffer(cb);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkEndCommandBuffer");
   return RDNA_OK;
}

/* Validates the module as the contract says it must be: Vulkan 1.2 SPIR-V. */
static enum rdna_status validate_module(struct rdna_gpu *gpu, const uint32_t *words,
                                        size_t num_words, struct rdna_diag *diag)
{
   spv_diagnostic d = NULL;
   spv_result_t r = spvValidateBinary(gpu->spirv, words, num_words, &d);
   enum rdna_status st = RDNA_OK;
   if (r != SPV_SUCCESS)
      st = fail(diag, RDNA_INTERNAL, "the module fails Vulkan 1.2 validation: %s",
                d && d->error ? d->error : "(no message)");
   spvDiagnosticDestroy(d);
   return st;
}

static enum rdna_status submit_and_wait(struct rdna_gpu *gpu, struct run_objects *o,
                                        uint64_t timeout_ns, struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkResult r = vk->vkResetFences(gpu->device, 1, &gpu->fence);
   if (r != VK_SUCCESS)
      return vk_fail(diag, r, "vkResetFences");
   VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &gpu->command_buffer,
   };
   r = vk->vkQueueSubmit(gpu->queue, 1, &submit, gpu->fence);
   if (r != VK_SUCCESS) {
      gpu->lost = r == VK_ERROR_DEVICE_LOST;
      return vk_fail(diag, r, "vkQueueSubmit");
   }
   r = vk->vkWaitForFences(gpu->device, 1, &gpu->fence, VK_TRUE, timeout_ns);
   if (r == VK_SUCCESS)
      return RDNA_OK;
   gpu->lost = true;
   if (r == VK_TIMEOUT) {
      /* Keep what the dispatch uses alive; rdna_gpu_close decides its fate. */
      gpu->stuck = malloc(sizeof(*gpu->stuck));
      if (gpu->stuck) {
         *gpu->stuck = *o;
         memset(o, 0, sizeof(*o));
      } else {
         memset(o, 0, sizeof(*o)); /* leaked rather than destroyed while in use */
      }
      return fail(diag, RDNA_DEVICE, "the dispatch did not finish within %.3f s",
                  (double)timeout_ns / 1e9);
   }
   return vk_fail(diag, r, "vkWaitForFences");
}

enum rdna_status rdna_gpu_run(struct rdna_gpu *gpu, const uint32_t *words, size_t num_words,
                              const struct rdna_module_layout *layout, const void *memory,
                              const uint32_t *state, const struct rdna_gpu_run_options *options,
                              struct rdna_gpu_result *result, struct rdna_diag *diag)
{
   if (result)
      memset(result, 0, sizeof(*result));
   if (!gpu || !words || !num_words || !layout || !state || !result ||
       (!memory && layout->memory_bytes))
      return fail(diag, RDNA_BAD_ARGUMENT, "no device, module, layout, state or result");
   if (gpu->lost)
      return fail(diag, RDNA_DEVICE,
                  "an earlier dispatch timed out or lost the device; open the device again");
   enum rdna_status st = check_layout(gpu, layout, diag);
   if (st == RDNA_OK)
      st = validate_module(gpu, words, num_words, diag);
   struct binding_ranges b;
   if (st == RDNA_OK)
      st = plan_bindings(gpu, layout, &b, diag);
   if (st != RDNA_OK)
      return st;

   const struct vk_functions *vk = &gpu->in.vk;
   struct run_objects o;
   memset(&o, 0, sizeof(o));
   st = create_buffer(gpu, b.total,
                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                         VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                      false, &o.buffer, &o.buffer_memory, diag);
   if (st == RDNA_OK)
      st = create_buffer(gpu, b.total,
                         VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, true,
                         &o.staging, &o.staging_memory, diag);
   if (st == RDNA_OK) {
      VkResult r = vk->vkMapMemory(gpu->device, o.staging_memory, 0, VK_WHOLE_SIZE, 0, &o.mapped);
      if (r != VK_SUCCESS) {
         o.mapped = NULL;
         st = vk_fail(diag, r, "vkMapMemory");
      }
   }
   if (st == RDNA_OK) {
      uint8_t *bytes = o.mapped;
      memset(bytes + b.offset[0], 0, b.size[0]);
      if (layout->memory_bytes)
         memcpy(bytes + b.offset[0], memory, layout->memory_bytes);
      memcpy(bytes + b.offset[1], state, (size_t)layout->num_waves * layout->state_words * 4);
   }
   uint64_t start = now_ns();
   if (st == RDNA_OK)
      st = create_pipeline(gpu, words, num_words, layout, &o, diag);
   result->compile_ns = now_ns() - start;
   if (st == RDNA_OK && gpu->timestamp_bits) {
      VkQueryPoolCreateInfo q = {
         .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
         .queryType = VK_QUERY_TYPE_TIMESTAMP,
         .queryCount = 2,
      };
      if (vk->vkCreateQueryPool(gpu->device, &q, NULL, &o.timestamps) != VK_SUCCESS)
         o.timestamps = VK_NULL_HANDLE; /* timing is optional */
   }
   VkDescriptorSet set = VK_NULL_HANDLE;
   if (st == RDNA_OK)
      st = bind_descriptors(gpu, &b, &o, &set, diag);
   if (st == RDNA_OK)
      st = record_commands(gpu, &b, layout, &o, set, diag);
   start = now_ns();
   if (st == RDNA_OK)
      st = submit_and_wait(
         gpu, &o, options && options->timeout_ns ? options->timeout_ns : DEFAULT_TIMEOUT_NS, diag);
   result->run_ns = now_ns() - start;

   if (st == RDNA_OK && o.timestamps) {
      uint64_t stamps[2];
      if (vk->vkGetQueryPoolResults(gpu->device, o.timestamps, 0, 2, sizeof(stamps), stamps,
                                    sizeof(stamps[0]), VK_QUERY_RESULT_64_BIT) == VK_SUCCESS) {
         uint64_t mask = gpu->timestamp_bits >= 64 ? UINT64_MAX : (1ull << gpu->timestamp_bits) - 1;
         uint64_t ticks = (stamps[1] - stamps[0]) & mask;
         result->dispatch_ns = (uint64_t)((double)ticks * gpu->limits.timestampPeriod);
      }
   }
   if (st == RDNA_OK) {
      VkMappedMemoryRange range = {
         .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
         .memory = o.staging_memory,
         .size = VK_WHOLE_SIZE,
      };
      vk->vkInvalidateMappedMemoryRanges(gpu->device, 1, &range);
      uint64_t groups = (uint64_t)layout->grid[0] * layout->grid[1] * layout->grid[2];
      size_t state_bytes = (size_t)layout->num_waves * layout->state_words * 4;
      size_t lds_total = (size_t)layout->lds_bytes * groups;
      result->memory = malloc(layout->memory_bytes ? layout->memory_bytes : 1);
      result->state = malloc(state_bytes);
      result->lds = malloc(lds_total ? lds_total : 1);
      if (!result->memory || !result->state || !result->lds) {
         rdna_gpu_result_free(result);
         st = fail(diag, RDNA_NO_MEMORY, "out of memory reading the results back");
      } else {
         const uint8_t *bytes = o.mapped;
         memcpy(result->memory, bytes + b.offset[0], layout->memory_bytes);
         memcpy(result->state, bytes + b.offset[1], state_bytes);
         memcpy(result->lds, bytes + b.offset[3], lds_total);
         result->memory_bytes = layout->memory_bytes;
         result->num_waves = layout->num_waves;
         result->wave_size = layout->wave_size;
         result->vgprs = layout->vgprs;
         result->state_words = layout->state_words;
         result->lds_bytes_per_group = layout->lds_bytes;
         result->workgroups = (unsigned)groups;
      }
   }
   run_objects_destroy(gpu, &o);
   return st;
}

void rdna_gpu_result_free(struct rdna_gpu_result *result)
{
   if (!result)
      return;
   free(result->memory);
   free(result->state);
   free(result->lds);
   result->memory = NULL;
   result->state = NULL;
   result->lds = NULL;
}
