# The Debian 12 packages rdna builds against (scripts/setup.sh installs them), each as the
# imported target that CMakeLists.txt links:
#   SPIRV-Tools-static            spirv-tools       libspirv.h, spirv-val in process (C++: stdc++)
#   SPIRV-Headers::SPIRV-Headers  spirv-headers     <spirv/unified1/spirv.h>
#   Vulkan::Vulkan                libvulkan-dev     the loader (lavapipe: mesa-vulkan-drivers)
#   PkgConfig::RDNA_JANSSON       libjansson-dev    JSON
#   PkgConfig::RDNA_LIBELF        libelf-dev        ELF code objects (diff/hsaco.c)
#   PkgConfig::RDNA_CRITERION     libcriterion-dev  unit tests
#   OpenMP::OpenMP_C              gcc               -fopenmp; optional, see below

find_package(PkgConfig REQUIRED)
find_package(SPIRV-Tools CONFIG REQUIRED)
find_package(SPIRV-Headers CONFIG REQUIRED)
find_package(Vulkan REQUIRED)
pkg_check_modules(RDNA_JANSSON REQUIRED IMPORTED_TARGET jansson)
pkg_check_modules(RDNA_LIBELF REQUIRED IMPORTED_TARGET libelf)
if(BUILD_TESTING)
  pkg_check_modules(RDNA_CRITERION REQUIRED IMPORTED_TARGET criterion)
endif()

# Workgroups run in parallel under OpenMP (gcc's -fopenmp, part of build-essential). Where it is
# missing (clang-14 without libomp-14-dev) the library builds without it; `#pragma omp` is then an
# unknown pragma, which -Wall would report.
find_package(OpenMP COMPONENTS C)
if(OpenMP_C_FOUND)
  set(RDNA_OPENMP OpenMP::OpenMP_C)
else()
  set(RDNA_OPENMP "")
  add_compile_options(-Wno-unknown-pragmas)
  message(STATUS "rdna: OpenMP not found; the library runs workgroups one at a time")
endif()
