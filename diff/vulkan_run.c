/* The Vulkan half of the GPU backend (include/rdna/gpu.h), part two: one run of a recompiled
 * module on an open device. Buffers for bindings 0-3 of the module interface
 * (include/rdna/recomp.h), the compute pipeline with the module's subgroup size required, a
 * first empty dispatch that lazy drivers compile at, the dispatch, a bounded wait, and the
 * read-back. This file knows modules and layouts, not case files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* libspirv.h defines (not declares) kDefaultMaxIdBound, which C gives external linkage: a
 * private name per file keeps two such files linkable together. */
#define kDefaultMaxIdBound vulkan_run_spirv_max_id_bound
#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>
#undef kDefaultMaxIdBound

#include "vulkan_internal.h"

#define DEFAULT_TIMEOUT_NS 10000000000ull
#define DEFAULT_COMPILE_TIMEOUT_NS 300000000000ull

void vulkan_run_objects_destroy(struct rdna_gpu *gpu, struct run_objects *o)
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
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT, "layout: wave size %u", l->wave_size);
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
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT,
                         "layout: subgroup size %u does not run on %s (it runs %u for wave%u)",
                         l->subgroup_size, gpu->info.name, subgroup, l->wave_size);
   if (l->lanes_per_invocation * l->subgroup_size != l->wave_size)
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT,
                         "layout: %u lanes per invocation times subgroup size %u is not wave%u",
                         l->lanes_per_invocation, l->subgroup_size, l->wave_size);
   uint64_t invocations = (uint64_t)l->local_size[0] * l->local_size[1] * l->local_size[2];
   if (l->waves_per_group == 0 || invocations != (uint64_t)l->subgroup_size * l->waves_per_group ||
       l->local_size[0] % l->subgroup_size != 0)
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT,
                         "layout: local size %u x %u x %u is not %u waves of subgroup size %u",
                         l->local_size[0], l->local_size[1], l->local_size[2], l->waves_per_group,
                         l->subgroup_size);
   uint64_t groups = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
   if (groups == 0 || l->num_waves != groups * l->waves_per_group)
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT,
                         "layout: %u waves is not %u per group times %llu groups", l->num_waves,
                         l->waves_per_group, (unsigned long long)groups);
   if (l->vgprs == 0 || l->vgprs > 256 ||
       l->state_words != RDNA_STATE_WORDS(l->vgprs, l->wave_size))
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT, "layout: %zu state words for %u VGPRs",
                         l->state_words, l->vgprs);
   if (l->num_regions && !l->regions)
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT, "layout: %zu regions but no region list",
                         l->num_regions);
   for (size_t i = 0; i < l->num_regions; i++) {
      const struct rdna_module_region *r = &l->regions[i];
      if (r->offset % 16 || r->offset > l->memory_bytes || r->size > l->memory_bytes - r->offset)
         return vulkan_fail(diag, RDNA_BAD_ARGUMENT,
                            "layout: region '%s' lies outside the memory buffer",
                            r->name ? r->name : "?");
   }
   const VkPhysicalDeviceLimits *lim = &gpu->limits;
   if (invocations > lim->maxComputeWorkGroupInvocations ||
       l->local_size[0] > lim->maxComputeWorkGroupSize[0] ||
       l->local_size[1] > lim->maxComputeWorkGroupSize[1] ||
       l->local_size[2] > lim->maxComputeWorkGroupSize[2])
      return vulkan_fail(
         diag, RDNA_UNSUPPORTED, "%s allows at most %u invocations per workgroup (%llu asked)",
         gpu->info.name, lim->maxComputeWorkGroupInvocations, (unsigned long long)invocations);
   if (l->workgroup_memory_bytes > lim->maxComputeSharedMemorySize)
      return vulkan_fail(
         diag, RDNA_UNSUPPORTED, "%s allows %u bytes of workgroup memory; the case's LDS needs %u",
         gpu->info.name, lim->maxComputeSharedMemorySize, l->workgroup_memory_bytes);
   if (gpu->max_subgroups_per_group && l->waves_per_group > gpu->max_subgroups_per_group)
      return vulkan_fail(diag, RDNA_UNSUPPORTED,
                         "%s allows at most %u subgroups per workgroup (%u asked)", gpu->info.name,
                         gpu->max_subgroups_per_group, l->waves_per_group);
   for (int i = 0; i < 3; i++)
      if (l->grid[i] > lim->maxComputeWorkGroupCount[i])
         return vulkan_fail(diag, RDNA_UNSUPPORTED,
                            "%s allows at most %u workgroups in dimension %d", gpu->info.name,
                            lim->maxComputeWorkGroupCount[i], i);
   return RDNA_OK;
}

static enum rdna_status plan_bindings(const struct rdna_gpu *gpu,
                                      const struct rdna_module_layout *l, struct binding_ranges *b,
                                      struct rdna_diag *diag)
{
   uint64_t groups = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
   /* Each factor below is bounded so that no product wraps; the range check follows. */
   if (l->memory_bytes > UINT32_MAX || l->scratch_bytes_per_lane > UINT32_MAX)
      return vulkan_fail(diag, RDNA_UNSUPPORTED,
                         "%llu bytes of guest memory and %llu of scratch per lane: more than "
                         "one storage buffer holds",
                         (unsigned long long)l->memory_bytes,
                         (unsigned long long)l->scratch_bytes_per_lane);
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
         return vulkan_fail(
            diag, RDNA_UNSUPPORTED, "binding %d needs %llu bytes; %s allows %u per storage buffer",
            i, (unsigned long long)size, gpu->info.name, gpu->limits.maxStorageBufferRange);
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
      return vulkan_call_fail(diag, r, "vkCreateBuffer");
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
      return vulkan_fail(diag, RDNA_DEVICE, "%s has no %s memory type for a buffer", gpu->info.name,
                         host ? "host-visible coherent" : "device");
   VkMemoryAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = type,
   };
   r = vk->vkAllocateMemory(gpu->device, &alloc, NULL, memory);
   if (r != VK_SUCCESS) {
      *memory = VK_NULL_HANDLE;
      return vulkan_call_fail(diag, r, "vkAllocateMemory");
   }
   r = vk->vkBindBufferMemory(gpu->device, *buffer, *memory, 0);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkBindBufferMemory");
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
      return vulkan_call_fail(diag, r, "vkCreateDescriptorSetLayout");
   VkPipelineLayoutCreateInfo layout_info = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &o->set_layout,
   };
   r = vk->vkCreatePipelineLayout(gpu->device, &layout_info, NULL, &o->pipeline_layout);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkCreatePipelineLayout");

   VkShaderModuleCreateInfo shader_info = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = num_words * 4,
      .pCode = words,
   };
   r = vk->vkCreateShaderModule(gpu->device, &shader_info, NULL, &o->shader);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkCreateShaderModule");
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
      return vulkan_call_fail(diag, r, "vkCreateComputePipelines");
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
      return vulkan_call_fail(diag, r, "vkCreateDescriptorPool");
   VkDescriptorSetAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = o->descriptor_pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &o->set_layout,
   };
   r = vk->vkAllocateDescriptorSets(gpu->device, &alloc, set);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkAllocateDescriptorSets");
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

static enum rdna_status begin_commands(struct rdna_gpu *gpu, struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkResult r = vk->vkResetCommandPool(gpu->device, gpu->command_pool, 0);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkResetCommandPool");
   VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   r = vk->vkBeginCommandBuffer(gpu->command_buffer, &begin);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkBeginCommandBuffer");
   return RDNA_OK;
}

/* A dispatch of no workgroups: drivers that compile a pipeline's code lazily, at its first
 * dispatch (lavapipe JIT-compiles there), compile it now, so that the compile time is measured
 * as compile time and the run's time-out does not count it. */
static enum rdna_status record_warm_up(struct rdna_gpu *gpu, const struct run_objects *o,
                                       VkDescriptorSet set, struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkCommandBuffer cb = gpu->command_buffer;
   enum rdna_status st = begin_commands(gpu, diag);
   if (st != RDNA_OK)
      return st;
   vk->vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->pipeline);
   vk->vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->pipeline_layout, 0, 1, &set,
                               0, NULL);
   vk->vkCmdDispatch(cb, 0, 0, 0);
   VkResult r = vk->vkEndCommandBuffer(cb);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkEndCommandBuffer");
   return RDNA_OK;
}

/* Upload bindings 0 and 1, clear 2 and 3, dispatch, copy 0, 1 and 3 back. */
static enum rdna_status record_commands(struct rdna_gpu *gpu, const struct binding_ranges *b,
                                        const struct rdna_module_layout *l, struct run_objects *o,
                                        VkDescriptorSet set, struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkCommandBuffer cb = gpu->command_buffer;
   enum rdna_status st = begin_commands(gpu, diag);
   if (st != RDNA_OK)
      return st;
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
   VkResult r = vk->vkEndCommandBuffer(cb);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkEndCommandBuffer");
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
      st = vulkan_fail(diag, RDNA_INTERNAL, "the module fails Vulkan 1.2 validation: %s",
                       d && d->error ? d->error : "(no message)");
   spvDiagnosticDestroy(d);
   return st;
}

/* Submits the recorded commands and waits at most `timeout_ns`; `what` names them in the
 * time-out message. */
static enum rdna_status submit_and_wait(struct rdna_gpu *gpu, struct run_objects *o,
                                        uint64_t timeout_ns, const char *what,
                                        struct rdna_diag *diag)
{
   const struct vk_functions *vk = &gpu->in.vk;
   VkResult r = vk->vkResetFences(gpu->device, 1, &gpu->fence);
   if (r != VK_SUCCESS)
      return vulkan_call_fail(diag, r, "vkResetFences");
   VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &gpu->command_buffer,
   };
   r = vk->vkQueueSubmit(gpu->queue, 1, &submit, gpu->fence);
   if (r != VK_SUCCESS) {
      gpu->lost = r == VK_ERROR_DEVICE_LOST;
      return vulkan_call_fail(diag, r, "vkQueueSubmit");
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
      return vulkan_fail(diag, RDNA_DEVICE, "%s did not finish within %.3f s", what,
                         (double)timeout_ns / 1e9);
   }
   return vulkan_call_fail(diag, r, "vkWaitForFences");
}

/* UNSUPPORTED when the module declares a capability whose device feature is missing: Float64
 * (the recompiler's float lowering computes in f64) needs shaderFloat64. */
static enum rdna_status check_capabilities(const struct rdna_gpu *gpu, const uint32_t *words,
                                           size_t num_words, struct rdna_diag *diag)
{
   for (size_t i = 5; i < num_words;) {
      uint32_t count = words[i] >> SpvWordCountShift, op = words[i] & SpvOpCodeMask;
      if (count == 0)
         break;
      if (op == SpvOpCapability && count == 2 && i + 1 < num_words &&
          words[i + 1] == SpvCapabilityFloat64 && !gpu->float64)
         return vulkan_fail(diag, RDNA_UNSUPPORTED,
                            "unsupported on this device: %s lacks shaderFloat64, which the "
                            "module's float arithmetic needs",
                            gpu->info.name);
      if (op != SpvOpCapability && op != SpvOpExtension && op != SpvOpExtInstImport &&
          op != SpvOpMemoryModel)
         break; /* capabilities come first (SPIR-V 2.4) */
      i += count;
   }
   return RDNA_OK;
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
      return vulkan_fail(diag, RDNA_BAD_ARGUMENT, "no device, module, layout, state or result");
   if (gpu->lost)
      return vulkan_fail(diag, RDNA_DEVICE,
                         "an earlier dispatch timed out or lost the device; open the device again");
   /* Replicas (rdna_recomp_options.replicas): the dispatch and every binding hold all copies,
    * stacked along Z, memory slice after memory slice. */
   struct rdna_module_layout all;
   if (layout->replicas > 1) {
      all = *layout;
      all.grid[2] *= layout->replicas;
      all.num_waves *= layout->replicas;
      all.memory_bytes *= layout->replicas;
      all.replicas = 1;
      layout = &all;
   }
   enum rdna_status st = check_layout(gpu, layout, diag);
   if (st == RDNA_OK)
      st = validate_module(gpu, words, num_words, diag);
   if (st == RDNA_OK)
      st = check_capabilities(gpu, words, num_words, diag);
   struct binding_ranges b = { 0 }; /* set by plan_bindings when it succeeds */
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
         st = vulkan_call_fail(diag, r, "vkMapMemory");
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
   VkDescriptorSet set = VK_NULL_HANDLE;
   if (st == RDNA_OK)
      st = bind_descriptors(gpu, &b, &o, &set, diag);
   if (st == RDNA_OK)
      st = record_warm_up(gpu, &o, set, diag);
   if (st == RDNA_OK)
      st = submit_and_wait(gpu, &o,
                           options && options->compile_timeout_ns ? options->compile_timeout_ns
                                                                  : DEFAULT_COMPILE_TIMEOUT_NS,
                           "the pipeline's compile (an empty dispatch)", diag);
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
   if (st == RDNA_OK)
      st = record_commands(gpu, &b, layout, &o, set, diag);
   start = now_ns();
   if (st == RDNA_OK)
      st = submit_and_wait(
         gpu, &o, options && options->timeout_ns ? options->timeout_ns : DEFAULT_TIMEOUT_NS,
         "the dispatch", diag);
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
         st = vulkan_fail(diag, RDNA_NO_MEMORY, "out of memory reading the results back");
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
   vulkan_run_objects_destroy(gpu, &o);
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
