/* Hand-written modules of the module interface (see modules.h): SPIR-V assembly generated as
 * text with the layout's numbers filled in, assembled with SPIRV-Tools. */
#include "modules.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libspirv.h defines (not declares) kDefaultMaxIdBound, which C gives external linkage: a
 * private name per file keeps two such files linkable together. */
#define kDefaultMaxIdBound modules_spirv_max_id_bound
#include <spirv-tools/libspirv.h>
#undef kDefaultMaxIdBound

struct rdna_gpu *open_or_skip(bool validation)
{
   struct rdna_gpu_options options = { NULL, validation };
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_gpu_open(&options, &gpu, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "rdna_gpu_open: %s: %s", rdna_status_name(st), diag.message);
   cr_assert_not_null(gpu);
   return gpu;
}

unsigned subgroup_for(struct rdna_gpu *gpu, unsigned wave_size)
{
   unsigned size = 0;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_subgroup_size(gpu, wave_size, &size, &diag);
   cr_assert_eq(st, RDNA_OK, "subgroup size for wave%u: %s", wave_size, diag.message);
   return size;
}

uint32_t *spirv_assemble(const char *text, size_t *num_words)
{
   spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_2);
   cr_assert_not_null(context);
   spv_binary binary = NULL;
   spv_diagnostic diag = NULL;
   spv_result_t r = spvTextToBinary(context, text, strlen(text), &binary, &diag);
   cr_assert_eq(r, SPV_SUCCESS, "SPIR-V assembly failed at line %zu: %s\n%s",
                diag ? diag->position.line + 1 : 0, diag ? diag->error : "?", text);
   uint32_t *words = malloc(binary->wordCount * sizeof(uint32_t));
   cr_assert_not_null(words);
   memcpy(words, binary->code, binary->wordCount * sizeof(uint32_t));
   *num_words = binary->wordCount;
   spvBinaryDestroy(binary);
   spvDiagnosticDestroy(diag);
   spvContextDestroy(context);
   return words;
}

void layout_init(struct rdna_module_layout *l, unsigned wave_size, unsigned subgroup_size,
                 unsigned vgprs, unsigned waves_per_group, unsigned groups, uint64_t memory_bytes,
                 uint32_t lds_bytes)
{
   memset(l, 0, sizeof(*l));
   l->wave_size = wave_size;
   l->subgroup_size = subgroup_size;
   l->lanes_per_invocation = wave_size / subgroup_size;
   l->vgprs = vgprs;
   l->waves_per_group = waves_per_group;
   l->local_size[0] = subgroup_size * waves_per_group;
   l->local_size[1] = 1;
   l->local_size[2] = 1;
   l->grid[0] = groups;
   l->grid[1] = 1;
   l->grid[2] = 1;
   l->num_waves = waves_per_group * groups;
   l->state_words = RDNA_STATE_WORDS(vgprs, wave_size);
   l->memory_bytes = memory_bytes;
   l->lds_bytes = lds_bytes;
}

/* Text being built. */
struct text {
   char *data;
   size_t size;
   FILE *out;
};

static void text_open(struct text *t)
{
   t->data = NULL;
   t->size = 0;
   t->out = open_memstream(&t->data, &t->size);
   cr_assert_not_null(t->out);
}

static char *text_close(struct text *t)
{
   fclose(t->out);
   return t->data;
}

/* Declarations every module shares: the four bindings, the built-ins, common types and
 * constants, and the entry's first block which computes %wave, %base (its record's first word)
 * and %li. */
static void emit_header(FILE *o, const struct rdna_module_layout *l)
{
   fprintf(o,
           "OpCapability Shader\n"
           "OpCapability GroupNonUniform\n"
           "OpMemoryModel Logical GLSL450\n"
           "OpEntryPoint GLCompute %%main \"main\" %%mem %%state %%scratch %%lds %%gid %%sgid "
           "%%lid %%sgsize\n"
           "OpExecutionMode %%main LocalSize %u %u %u\n"
           "OpDecorate %%gid BuiltIn WorkgroupId\n"
           "OpDecorate %%sgid BuiltIn SubgroupId\n"
           "OpDecorate %%lid BuiltIn SubgroupLocalInvocationId\n"
           "OpDecorate %%sgsize BuiltIn SubgroupSize\n"
           "OpDecorate %%rt ArrayStride 4\n"
           "OpMemberDecorate %%blk 0 Offset 0\n"
           "OpDecorate %%blk Block\n"
           "OpDecorate %%mem DescriptorSet 0\n"
           "OpDecorate %%mem Binding 0\n"
           "OpDecorate %%state DescriptorSet 0\n"
           "OpDecorate %%state Binding 1\n"
           "OpDecorate %%scratch DescriptorSet 0\n"
           "OpDecorate %%scratch Binding 2\n"
           "OpDecorate %%lds DescriptorSet 0\n"
           "OpDecorate %%lds Binding 3\n"
           "%%void = OpTypeVoid\n"
           "%%fn = OpTypeFunction %%void\n"
           "%%u32 = OpTypeInt 32 0\n"
           "%%bool = OpTypeBool\n"
           "%%v3 = OpTypeVector %%u32 3\n"
           "%%rt = OpTypeRuntimeArray %%u32\n"
           "%%blk = OpTypeStruct %%rt\n"
           "%%pblk = OpTypePointer StorageBuffer %%blk\n"
           "%%pu32 = OpTypePointer StorageBuffer %%u32\n"
           "%%pin3 = OpTypePointer Input %%v3\n"
           "%%pin = OpTypePointer Input %%u32\n"
           "%%pfu32 = OpTypePointer Function %%u32\n"
           "%%mem = OpVariable %%pblk StorageBuffer\n"
           "%%state = OpVariable %%pblk StorageBuffer\n"
           "%%scratch = OpVariable %%pblk StorageBuffer\n"
           "%%lds = OpVariable %%pblk StorageBuffer\n"
           "%%gid = OpVariable %%pin3 Input\n"
           "%%sgid = OpVariable %%pin Input\n"
           "%%lid = OpVariable %%pin Input\n"
           "%%sgsize = OpVariable %%pin Input\n"
           "%%c0 = OpConstant %%u32 0\n"
           "%%c1 = OpConstant %%u32 1\n"
           "%%c_wpg = OpConstant %%u32 %u\n"
           "%%c_words = OpConstant %%u32 %zu\n",
           l->local_size[0], l->local_size[1], l->local_size[2], l->waves_per_group,
           l->state_words);
}

/* A constant named %NAME. */
static void emit_const(FILE *o, const char *name, uint32_t value)
{
   fprintf(o, "%%%s = OpConstant %%u32 %u\n", name, value);
}

/* `variables`: Function-scope OpVariable lines, which must open the first block. */
static void emit_entry(FILE *o, const char *variables)
{
   fputs("%main = OpFunction %void None %fn\n"
         "%entry = OpLabel\n",
         o);
   fputs(variables, o);
   fputs("%g3 = OpLoad %v3 %gid\n"
         "%gx = OpCompositeExtract %u32 %g3 0\n"
         "%sg = OpLoad %u32 %sgid\n"
         "%li = OpLoad %u32 %lid\n"
         "%t0 = OpIMul %u32 %gx %c_wpg\n"
         "%wave = OpIAdd %u32 %t0 %sg\n"
         "%base = OpIMul %u32 %wave %c_words\n"
         "%first = OpIEqual %bool %li %c0\n",
         o);
}

/* state[%base + word] = value (an id). `tag` keeps the ids unique. */
static void emit_state_store(FILE *o, const char *tag, const char *value)
{
   fprintf(o,
           "%%i_%s = OpIAdd %%u32 %%base %%k_%s\n"
           "%%p_%s = OpAccessChain %%pu32 %%state %%c0 %%i_%s\n"
           "OpStore %%p_%s %%%s\n",
           tag, tag, tag, tag, tag, value);
}

/* %pv<reg>_<k>: a pointer into the wave's record to VGPR `reg` of this invocation's lane
 * li + k * subgroup_size (the constant %c_v<reg>_<k> holds RDNA_STATE_VGPR(reg, k * S, W)). */
static void emit_vgpr_pointer(FILE *o, unsigned reg, unsigned k)
{
   fprintf(o, "%%bv%u_%u = OpIAdd %%u32 %%base %%c_v%u_%u\n", reg, k, reg, k);
   fprintf(o, "%%iv%u_%u = OpIAdd %%u32 %%bv%u_%u %%li\n", reg, k, reg, k);
   fprintf(o, "%%pv%u_%u = OpAccessChain %%pu32 %%state %%c0 %%iv%u_%u\n", reg, k, reg, k);
}

char *contract_module_text(const struct rdna_module_layout *l)
{
   struct text t;
   text_open(&t);
   FILE *o = t.out;
   emit_header(o, l);
   emit_const(o, "c7", 7);
   emit_const(o, "c3", 3);
   emit_const(o, "c4", 4);
   emit_const(o, "c_abc0", 0xabc0);
   emit_const(o, "c_src", CONTRACT_SRC_WORD);
   emit_const(o, "c_dst", CONTRACT_DST_WORD);
   emit_const(o, "c_lds_words", l->lds_bytes / 4);
   emit_const(o, "k_s5", RDNA_STATE_SREG(5));
   emit_const(o, "k_s6", RDNA_STATE_SREG(6));
   emit_const(o, "k_s7", RDNA_STATE_SREG(7));
   emit_const(o, "k_scc", RDNA_STATE_SCC);
   emit_const(o, "k_pclo", RDNA_STATE_PC_LO);
   emit_const(o, "k_steps", RDNA_STATE_STEPS_LO);
   emit_const(o, "k_ended", RDNA_STATE_ENDED);
   for (unsigned k = 0; k < l->lanes_per_invocation; k++) {
      fprintf(o, "%%c_off%u = OpConstant %%u32 %u\n", k, k * l->subgroup_size);
      fprintf(o, "%%c_v0_%u = OpConstant %%u32 %u\n", k,
              RDNA_STATE_VGPR(0, k * l->subgroup_size, l->wave_size));
      fprintf(o, "%%c_v1_%u = OpConstant %%u32 %u\n", k,
              RDNA_STATE_VGPR(1, k * l->subgroup_size, l->wave_size));
      fprintf(o, "%%c_v2_%u = OpConstant %%u32 %u\n", k,
              RDNA_STATE_VGPR(2, k * l->subgroup_size, l->wave_size));
   }
   emit_entry(o, "");
   /* Every invocation: its lanes' VGPRs. */
   for (unsigned k = 0; k < l->lanes_per_invocation; k++) {
      fprintf(o, "%%lane%u = OpIAdd %%u32 %%li %%c_off%u\n", k, k);
      emit_vgpr_pointer(o, 0, k);
      fprintf(o, "%%v0_%u = OpLoad %%u32 %%pv0_%u\n", k, k);
      emit_vgpr_pointer(o, 1, k);
      fprintf(o, "OpStore %%pv1_%u %%lane%u\n", k, k);
      fprintf(o, "%%n2_%u = OpIAdd %%u32 %%v0_%u %%c1\n", k, k);
      emit_vgpr_pointer(o, 2, k);
      fprintf(o, "OpStore %%pv2_%u %%n2_%u\n", k, k);
   }
   /* The wave's first invocation: scalars, memory, LDS. */
   fputs("OpSelectionMerge %done None\n"
         "OpBranchConditional %first %scalar %done\n"
         "%scalar = OpLabel\n"
         "%size = OpLoad %u32 %sgsize\n",
         o);
   emit_state_store(o, "s5", "c7");
   emit_state_store(o, "s6", "wave");
   emit_state_store(o, "s7", "size");
   emit_state_store(o, "scc", "c1");
   fputs("%i_pcin = OpIAdd %u32 %base %k_pclo\n"
         "%p_pcin = OpAccessChain %pu32 %state %c0 %i_pcin\n"
         "%pcin = OpLoad %u32 %p_pcin\n"
         "%pcout = OpIAdd %u32 %pcin %c4\n"
         "OpStore %p_pcin %pcout\n",
         o);
   emit_state_store(o, "steps", "c3");
   emit_state_store(o, "ended", "c1");
   fputs("%p_src = OpAccessChain %pu32 %mem %c0 %c_src\n"
         "%src = OpLoad %u32 %p_src\n"
         "%copy = OpIAdd %u32 %src %wave\n"
         "%i_dst = OpIAdd %u32 %c_dst %wave\n"
         "%p_dst = OpAccessChain %pu32 %mem %c0 %i_dst\n"
         "OpStore %p_dst %copy\n"
         "%wave0 = OpIEqual %bool %sg %c0\n"
         "OpSelectionMerge %scalar_done None\n"
         "OpBranchConditional %wave0 %lds_write %scalar_done\n"
         "%lds_write = OpLabel\n"
         "%i_lds = OpIMul %u32 %gx %c_lds_words\n"
         "%p_lds = OpAccessChain %pu32 %lds %c0 %i_lds\n"
         "%lds_value = OpIAdd %u32 %gx %c_abc0\n"
         "OpStore %p_lds %lds_value\n"
         "OpBranch %scalar_done\n"
         "%scalar_done = OpLabel\n"
         "OpBranch %done\n"
         "%done = OpLabel\n"
         "OpReturn\n"
         "OpFunctionEnd\n",
         o);
   return text_close(&t);
}

char *fault_module_text(const struct rdna_module_layout *l, uint32_t kind, uint32_t lane,
                        uint64_t pc, uint64_t address, uint32_t op)
{
   struct text t;
   text_open(&t);
   FILE *o = t.out;
   emit_header(o, l);
   emit_const(o, "kind", kind);
   emit_const(o, "lane", lane);
   emit_const(o, "pclo", (uint32_t)pc);
   emit_const(o, "pchi", (uint32_t)(pc >> 32));
   emit_const(o, "addrlo", (uint32_t)address);
   emit_const(o, "addrhi", (uint32_t)(address >> 32));
   emit_const(o, "op", op);
   emit_const(o, "k_kind", RDNA_STATE_FAULT_KIND);
   emit_const(o, "k_lane", RDNA_STATE_FAULT_LANE);
   emit_const(o, "k_pclo", RDNA_STATE_FAULT_PC_LO);
   emit_const(o, "k_pchi", RDNA_STATE_FAULT_PC_HI);
   emit_const(o, "k_addrlo", RDNA_STATE_FAULT_ADDR_LO);
   emit_const(o, "k_addrhi", RDNA_STATE_FAULT_ADDR_HI);
   emit_const(o, "k_op", RDNA_STATE_FAULT_OP);
   emit_const(o, "k_ended", RDNA_STATE_ENDED);
   emit_entry(o, "");
   fputs("OpSelectionMerge %done None\n"
         "OpBranchConditional %first %record %done\n"
         "%record = OpLabel\n",
         o);
   emit_state_store(o, "kind", "kind");
   emit_state_store(o, "lane", "lane");
   emit_state_store(o, "pclo", "pclo");
   emit_state_store(o, "pchi", "pchi");
   emit_state_store(o, "addrlo", "addrlo");
   emit_state_store(o, "addrhi", "addrhi");
   emit_state_store(o, "op", "op");
   emit_state_store(o, "ended", "c1");
   fputs("OpBranch %done\n"
         "%done = OpLabel\n"
         "OpReturn\n"
         "OpFunctionEnd\n",
         o);
   return text_close(&t);
}

char *loop_module_text(const struct rdna_module_layout *l)
{
   struct text t;
   text_open(&t);
   FILE *o = t.out;
   emit_header(o, l);
   emit_const(o, "c2", 2);
   emit_const(o, "shift", 15);
   emit_const(o, "mul", 0x2c1b3c6d);
   emit_const(o, "k_ended", RDNA_STATE_ENDED);
   emit_const(o, "c3", 3);
   emit_entry(o, "%x = OpVariable %pfu32 Function\n"
                 "%i = OpVariable %pfu32 Function\n"
                 "%j = OpVariable %pfu32 Function\n");
   fputs("%p_x0 = OpAccessChain %pu32 %mem %c0 %c0\n"
         "%x0 = OpLoad %u32 %p_x0\n"
         "%p_n = OpAccessChain %pu32 %mem %c0 %c1\n"
         "%n = OpLoad %u32 %p_n\n"
         "%p_m = OpAccessChain %pu32 %mem %c0 %c3\n"
         "%m = OpLoad %u32 %p_m\n"
         "OpStore %x %x0\n"
         "OpStore %i %c0\n"
         "OpBranch %head\n"
         /* for (i = 0; i < n; i++) for (j = 0; j < m; j++) x = x * mul + add; */
         "%head = OpLabel\n"
         "%iv = OpLoad %u32 %i\n"
         "%more = OpULessThan %bool %iv %n\n"
         "OpLoopMerge %exit %continue None\n"
         "OpBranchConditional %more %body %exit\n"
         "%body = OpLabel\n"
         "OpStore %j %c0\n"
         "OpBranch %ihead\n"
         "%ihead = OpLabel\n"
         "%jv = OpLoad %u32 %j\n"
         "%imore = OpULessThan %bool %jv %m\n"
         "OpLoopMerge %iexit %icontinue None\n"
         "OpBranchConditional %imore %ibody %iexit\n"
         "%ibody = OpLabel\n"
         "%xv = OpLoad %u32 %x\n",
         o);
   for (unsigned u = 0; u < LOOP_MODULE_UNROLL; u++) {
      char from[16];
      snprintf(from, sizeof(from), u ? "xa%u" : "xv", u - 1);
      fprintf(o,
              "%%xs%u = OpShiftRightLogical %%u32 %%%s %%shift\n"
              "%%xm%u = OpBitwiseXor %%u32 %%%s %%xs%u\n"
              "%%xa%u = OpIMul %%u32 %%xm%u %%mul\n",
              u, from, u, from, u, u, u);
   }
   fprintf(o, "OpStore %%x %%xa%u\n", LOOP_MODULE_UNROLL - 1);
   fputs("OpBranch %icontinue\n"
         "%icontinue = OpLabel\n"
         "%jnext = OpIAdd %u32 %jv %c1\n"
         "OpStore %j %jnext\n"
         "OpBranch %ihead\n"
         "%iexit = OpLabel\n"
         "OpBranch %continue\n"
         "%continue = OpLabel\n"
         "%inext = OpIAdd %u32 %iv %c1\n"
         "OpStore %i %inext\n"
         "OpBranch %head\n"
         "%exit = OpLabel\n"
         "OpSelectionMerge %done None\n"
         "OpBranchConditional %first %record %done\n"
         "%record = OpLabel\n"
         "%xf = OpLoad %u32 %x\n"
         "%p_out = OpAccessChain %pu32 %mem %c0 %c2\n"
         "OpStore %p_out %xf\n",
         o);
   emit_state_store(o, "ended", "c1");
   fputs("OpBranch %done\n"
         "%done = OpLabel\n"
         "OpReturn\n"
         "OpFunctionEnd\n",
         o);
   return text_close(&t);
}
