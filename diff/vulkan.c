/* The Vulkan half of the GPU backend (include/rdna/gpu.h), part one: the loader opened at run
 * time, device enumeration and choice, and the device context that runs reuse. One run of a
 * module is diff/vulkan_run.c; case files are diff/gpu_case.c's business. */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libspirv.h defines (not declares) kDefaultMaxIdBound, which C gives external linkage: a
 * private name per file keeps two such files linkable together. */
#define kDefaultMaxIdBound vulkan_spirv_max_id_bound
#include <spirv-tools/libspirv.h>
#undef kDefaultMaxIdBound

#include "vulkan_internal.h"

/* How long rdna_gpu_close waits for a dispatch that timed out before abandoning it. */
#define CLOSE_TIMEOUT_NS 5000000000ull

/* Set once a context abandoned work that a driver thread still runs (rdna_gpu_abandoned_work). */
static atomic_bool work_abandoned;

/* ---- the loader ---------------------------------------------------------------------------- */

enum rdna_status vulkan_fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
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

enum rdna_status vulkan_call_fail(struct rdna_diag *diag, VkResult r, const char *what)
{
   return vulkan_fail(diag, r == VK_ERROR_OUT_OF_HOST_MEMORY ? RDNA_NO_MEMORY : RDNA_DEVICE,
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
      return vulkan_fail(diag, RDNA_NO_DEVICE, "no Vulkan loader: cannot open %s", name);
   /* POSIX dlsym returns an object pointer; the cast to a function pointer goes through memcpy. */
   void *symbol = dlsym(vk->library, "vkGetInstanceProcAddr");
   if (!symbol) {
      dlclose(vk->library);
      vk->library = NULL;
      return vulkan_fail(diag, RDNA_NO_DEVICE,
                         "%s is not a Vulkan loader (no vkGetInstanceProcAddr)", name);
   }
   memcpy(&vk->vkGetInstanceProcAddr, &symbol, sizeof(symbol));
#define VK_LOAD_GLOBAL(fn) vk->fn = (PFN_##fn)vk->vkGetInstanceProcAddr(NULL, #fn);
   VK_GLOBAL_FUNCTIONS(VK_LOAD_GLOBAL)
#undef VK_LOAD_GLOBAL
   if (!vk->vkCreateInstance || !vk->vkEnumerateInstanceLayerProperties ||
       !vk->vkEnumerateInstanceExtensionProperties) {
      dlclose(vk->library);
      vk->library = NULL;
      return vulkan_fail(diag, RDNA_NO_DEVICE, "the Vulkan loader %s lacks core entry points",
                         name);
   }
   return RDNA_OK;
}

static enum rdna_status load_instance_functions(struct vk_functions *vk, VkInstance instance,
                                                struct rdna_diag *diag)
{
#define VK_LOAD_INSTANCE(fn)                                    \
   vk->fn = (PFN_##fn)vk->vkGetInstanceProcAddr(instance, #fn); \
   if (!vk->fn)                                                 \
      return vulkan_fail(diag, RDNA_NO_DEVICE, "the Vulkan loader has no %s", #fn);
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
      return vulkan_fail(diag, RDNA_DEVICE, "the Vulkan device has no %s", #fn);
   VK_DEVICE_FUNCTIONS(VK_LOAD_DEVICE)
#undef VK_LOAD_DEVICE
   return RDNA_OK;
}

/* ---- the instance and device enumeration --------------------------------------------------- */

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
         return vulkan_fail(diag, RDNA_NO_DEVICE,
                            "no Vulkan driver: the loader found no installable client driver");
      return vulkan_call_fail(diag, r, "vkCreateInstance");
   }
   st = load_instance_functions(&in->vk, in->instance, diag);
   if (st == RDNA_OK && in->debug_utils && in->vk.vkCreateDebugUtilsMessengerEXT) {
      r =
         in->vk.vkCreateDebugUtilsMessengerEXT(in->instance, &messenger_info, NULL, &in->messenger);
      if (r != VK_SUCCESS)
         st = vulkan_call_fail(diag, r, "vkCreateDebugUtilsMessengerEXT");
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
      return vulkan_call_fail(diag, r, "vkEnumeratePhysicalDevices");
   if (n == 0)
      return vulkan_fail(diag, RDNA_NO_DEVICE, "the Vulkan loader reports no physical device");
   VkPhysicalDevice *pds = calloc(n, sizeof(*pds));
   struct rdna_gpu_device_info *list = calloc(n, sizeof(*list));
   if (!pds || !list) {
      free(pds);
      free(list);
      return vulkan_fail(diag, RDNA_NO_MEMORY, "out of memory listing Vulkan devices");
   }
   r = in->vk.vkEnumeratePhysicalDevices(in->instance, &n, pds);
   if (r != VK_SUCCESS && r != VK_INCOMPLETE) {
      free(pds);
      free(list);
      return vulkan_call_fail(diag, r, "vkEnumeratePhysicalDevices");
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
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT, "no list to fill");
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
            return vulkan_fail(diag, RDNA_NO_DEVICE, "device %u (%s) lacks " REQUIREMENTS, i,
                               infos[i].name);
         *chosen = i;
         return RDNA_OK;
      }
      if (numeric)
         return vulkan_fail(diag, RDNA_NO_DEVICE, "no Vulkan device %s (there are %u)", selector,
                            count);
      return vulkan_fail(diag, RDNA_NO_DEVICE, "no Vulkan device whose name contains '%s'",
                         selector);
   }
   int best = 3;
   for (uint32_t i = 0; i < count; i++)
      if (infos[i].usable && default_rank(&infos[i]) < best) {
         best = default_rank(&infos[i]);
         *chosen = i;
      }
   if (best == 3)
      return vulkan_fail(diag, RDNA_NO_DEVICE, "none of the %u Vulkan devices has " REQUIREMENTS,
                         count);
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
   gpu->float64 = have.features.shaderFloat64;

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
      return vulkan_call_fail(diag, r, "vkCreateDevice");
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
      return vulkan_call_fail(diag, r, "vkCreateCommandPool");
   VkCommandBufferAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = gpu->command_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   r = vk->vkAllocateCommandBuffers(gpu->device, &alloc, &gpu->command_buffer);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkAllocateCommandBuffers");
   VkFenceCreateInfo fence = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   r = vk->vkCreateFence(gpu->device, &fence, NULL, &gpu->fence);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkCreateFence");
   return RDNA_OK;
}

enum rdna_status rdna_gpu_open(const struct rdna_gpu_options *options, struct rdna_gpu **out,
                               struct rdna_diag *diag)
{
   if (out)
      *out = NULL;
   if (!out)
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT, "no context to fill");
   struct rdna_gpu *gpu = calloc(1, sizeof(*gpu));
   if (!gpu)
      return vulkan_fail(diag, RDNA_NO_MEMORY, "out of memory");
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
         st = vulkan_fail(diag, RDNA_NO_MEMORY, "out of memory creating a SPIRV-Tools context");
   }
   if (st != RDNA_OK) {
      rdna_gpu_close(gpu);
      return st;
   }
   *out = gpu;
   return RDNA_OK;
}

bool rdna_gpu_abandoned_work(void)
{
   return atomic_load(&work_abandoned);
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
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT, "wave size %u is neither 32 nor 64", wave_size);
   const struct rdna_gpu_device_info *info = &gpu->info;
   if (!info->subgroup_size_control) {
      unsigned fixed = info->subgroup_size;
      if (fixed == 0 || fixed > wave_size || (fixed & (fixed - 1)))
         return vulkan_fail(diag, RDNA_UNSUPPORTED,
                            "%s has a fixed subgroup size of %u, which cannot carry a wave of %u",
                            info->name, fixed, wave_size);
      *subgroup_size = fixed;
      return RDNA_OK;
   }
   unsigned size = wave_size;
   while (size > info->max_subgroup_size)
      size /= 2;
   if (size < info->min_subgroup_size || size == 0)
      return vulkan_fail(diag, RDNA_UNSUPPORTED,
                         "%s allows subgroup sizes %u to %u, none of which divides a wave of %u",
                         info->name, info->min_subgroup_size, info->max_subgroup_size, wave_size);
   *subgroup_size = size;
   return RDNA_OK;
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
         vulkan_run_objects_destroy(gpu, gpu->stuck);
         free(gpu->stuck);
         gpu->stuck = NULL;
      } else {
         abandon = true;
      }
   }
   if (abandon) {
      /* The driver still runs the dispatch (or the compile of its warm-up dispatch, lavapipe's
       * JIT on its queue thread): leave the device, the instance, the loader and the context
       * itself to the process's end. The context stays allocated because the driver thread may
       * still call the validation messenger, whose user data is gpu->log. The process must then
       * not run its normal exit under that thread (rdna_gpu_abandoned_work). */
      atomic_store(&work_abandoned, true);
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
