// SPDX-License-Identifier: GPL-2.0
/*
 * exports.c - kds.ko as a library module: every function a public kds
 * header declares, or that its macros and inlines call, is exported in the
 * symbol namespace KDS. A driver that uses kds through kds.ko says
 * MODULE_IMPORT_NS(KDS) and builds with KBUILD_EXTRA_SYMBOLS pointing at
 * kds.ko's Module.symvers (kernel/README.md, "Using kds from your driver").
 *
 * The shared sources stay free of module glue: the exports live here.
 * //kernel:module_test checks that this list and the public headers agree:
 * every kds_ function kds.ko defines and a public header names is exported
 * here in KDS, and nothing else is.
 *
 * Not exported: kds_dax_glue_init()/kds_dax_glue_exit() (kds.ko's own
 * module init and exit) and the flex_array benchmark baseline, which is
 * not public API.
 *
 * Each component's block is built when kds/components.h (written from the
 * component manifest, tools/components.bzl) says the module carries it.
 */
#include <linux/export.h>

#include "kds_port.h"
#include "kds/components.h"

#define KDS_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, KDS)

/* The kernel port (kernel/kds_port.h): the counted allocation every kds
 * header's kmalloc()/kfree() and the genradix node allocator reach. */
KDS_EXPORT(kds_kmalloc);
KDS_EXPORT(kds_kmalloc_array);
KDS_EXPORT(kds_kvmalloc);
KDS_EXPORT(kds_krealloc);
KDS_EXPORT(kds_kfree);
KDS_EXPORT(kds_kvfree);
KDS_EXPORT(kds_kstrdup);
KDS_EXPORT(kds_kmemdup_nul);
KDS_EXPORT(kds_node_alloc);
KDS_EXPORT(kds_node_free);
KDS_EXPORT(kds_alloc_live);
KDS_EXPORT(kds_alloc_report_unload);

/* kds/genradix.h: what the kds_genradix_*() macros call. */
#ifdef KDS_HAVE_GENRADIX
#include "kds/genradix.h"
KDS_EXPORT(kds_genradix_ptr);
KDS_EXPORT(kds_genradix_ptr_alloc);
KDS_EXPORT(kds_genradix_iter_peek);
KDS_EXPORT(kds_genradix_iter_peek_prev);
KDS_EXPORT(kds_genradix_iter_next);
KDS_EXPORT(kds_genradix_prealloc);
KDS_EXPORT(kds_genradix_free);
#endif

/* kds/dax_bus.h: ids, bus and drivers, regions, dev_dax, attributes,
 * kmem. */
#ifdef KDS_HAVE_DAX_BUS
#include "kds/dax_bus.h"
KDS_EXPORT(kds_dax_parse_id);
KDS_EXPORT(kds_dax_bus_names_find);
KDS_EXPORT(kds_dax_names_kds);
KDS_EXPORT(kds_dax_names_system);
KDS_EXPORT(kds_dax_format_name);
KDS_EXPORT(kds_dax_bus_init);
KDS_EXPORT(kds_dax_bus_destroy);
KDS_EXPORT(kds_dax_driver_register);
KDS_EXPORT(kds_dax_driver_unregister);
KDS_EXPORT(kds_dax_driver_match);
KDS_EXPORT(kds_dax_driver_is_registered);
KDS_EXPORT(kds_dax_driver_has_id);
KDS_EXPORT(kds_dax_driver_nr_ids);
KDS_EXPORT(kds_dax_new_id_store);
KDS_EXPORT(kds_dax_remove_id_store);
KDS_EXPORT(kds_dax_region_alloc);
KDS_EXPORT(kds_dax_region_get);
KDS_EXPORT(kds_dax_region_put);
KDS_EXPORT(kds_dax_region_unregister);
KDS_EXPORT(kds_dax_region_is_registered);
KDS_EXPORT(kds_dev_dax_init);
KDS_EXPORT(kds_dev_dax_release);
KDS_EXPORT(kds_dev_dax_run);
KDS_EXPORT(kds_dev_dax_kill);
KDS_EXPORT(kds_dev_dax_is_alive);
KDS_EXPORT(kds_dev_dax_set_private);
KDS_EXPORT(kds_dev_dax_get_private);
KDS_EXPORT(kds_dev_dax_size);
KDS_EXPORT(kds_dev_dax_uevent);
KDS_EXPORT(kds_dax_device_dax_probe);
KDS_EXPORT(kds_dax_device_dax_remove);
KDS_EXPORT(kds_dax_region_attrs);
KDS_EXPORT(kds_dax_region_nr_attrs);
KDS_EXPORT(kds_dev_dax_attrs);
KDS_EXPORT(kds_dev_dax_nr_attrs);
KDS_EXPORT(kds_dax_driver_attrs);
KDS_EXPORT(kds_dax_driver_nr_attrs);
KDS_EXPORT(kds_dax_region_attr_visible);
KDS_EXPORT(kds_dev_dax_attr_visible);
KDS_EXPORT(kds_dax_region_id_show);
KDS_EXPORT(kds_dax_region_size_show);
KDS_EXPORT(kds_dax_region_align_show);
KDS_EXPORT(kds_dax_region_target_node_show);
KDS_EXPORT(kds_dax_region_available_size_show);
KDS_EXPORT(kds_dev_dax_modalias_show);
KDS_EXPORT(kds_dev_dax_size_show);
KDS_EXPORT(kds_dev_dax_target_node_show);
KDS_EXPORT(kds_dev_dax_align_show);
KDS_EXPORT(kds_dev_dax_resource_show);
KDS_EXPORT(kds_dev_dax_numa_node_show);
KDS_EXPORT(kds_dev_dax_memmap_on_memory_show);
KDS_EXPORT(kds_dev_dax_memmap_on_memory_store);
KDS_EXPORT(kds_dax_region_attr_show);
KDS_EXPORT(kds_dev_dax_attr_show);
KDS_EXPORT(kds_dax_claims_init);
KDS_EXPORT(kds_dax_claims_destroy);
KDS_EXPORT(kds_dax_claim);
KDS_EXPORT(kds_dax_unclaim);
KDS_EXPORT(kds_dax_is_claimed);
KDS_EXPORT(kds_dax_check_vma);
KDS_EXPORT(kds_dax_map_why_str);
KDS_EXPORT(kds_dax_pgoff_to_phys);
KDS_EXPORT(kds_dax_fault_decide);
KDS_EXPORT(kds_dax_unmapped_area_len);
KDS_EXPORT(kds_dax_unmapped_area_fit);
KDS_EXPORT(kds_dax_may_split);
KDS_EXPORT(kds_dax_kmem_range);
KDS_EXPORT(kds_dax_kmem_probe);
KDS_EXPORT(kds_dax_kmem_remove);
/* dynamic regions (dax_bus/space.c; their files, dax_bus/attrs.c) */
KDS_EXPORT(kds_dev_dax_bind_start);
KDS_EXPORT(kds_dev_dax_bind_finish);
KDS_EXPORT(kds_dev_dax_unbind);
KDS_EXPORT(kds_dev_dax_is_bound);
KDS_EXPORT(kds_dax_region_is_dynamic);
KDS_EXPORT(kds_dax_region_available);
KDS_EXPORT(kds_dax_align_valid);
KDS_EXPORT(kds_dev_dax_add_range);
KDS_EXPORT(kds_dev_dax_resize);
KDS_EXPORT(kds_dev_dax_set_align);
KDS_EXPORT(kds_dev_dax_free_ranges);
KDS_EXPORT(kds_dev_dax_nr_ranges);
KDS_EXPORT(kds_dev_dax_get_range);
KDS_EXPORT(kds_dev_dax_get_align);
KDS_EXPORT(kds_dax_region_may_create);
KDS_EXPORT(kds_dev_dax_created);
KDS_EXPORT(kds_dev_dax_delete);
KDS_EXPORT(kds_dax_name_is);
KDS_EXPORT(kds_dev_dax_size_store);
KDS_EXPORT(kds_dev_dax_mapping_store);
KDS_EXPORT(kds_dev_dax_align_store);
KDS_EXPORT(kds_dev_dax_mapping_attr_show);
KDS_EXPORT(kds_dev_dax_attr_store);
KDS_EXPORT(kds_dax_region_seed_show);
KDS_EXPORT(kds_dax_region_create_show);
#endif

/* kds/dma.h: the DMA capability-mask model. */
#ifdef KDS_HAVE_DMA
#include "kds/dma.h"
KDS_EXPORT(kds_dma_platform_check);
KDS_EXPORT(kds_dma_dev_init);
KDS_EXPORT(kds_dma_floor);
KDS_EXPORT(kds_dma_supported);
KDS_EXPORT(kds_dma_set_mask);
KDS_EXPORT(kds_dma_set_coherent_mask);
KDS_EXPORT(kds_dma_set_mask_and_coherent);
KDS_EXPORT(kds_dma_coerce_mask_and_coherent);
KDS_EXPORT(kds_dma_get_mask);
KDS_EXPORT(kds_dma_get_required_mask);
KDS_EXPORT(kds_dma_addressing_limited);
KDS_EXPORT(kds_dma_check_transfer);
KDS_EXPORT(kds_dma_negotiate);
KDS_EXPORT(kds_dma_explain);
KDS_EXPORT(kds_dma_rule_name);
KDS_EXPORT(kds_dma_why_text);
KDS_EXPORT(kds_dma_probe);
#endif
