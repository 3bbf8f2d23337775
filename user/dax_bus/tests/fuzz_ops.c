// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_ops.c - libFuzzer target driving the dax bus model with operation
 * sequences: drivers registering and unregistering, new_id / remove_id /
 * bind / unbind with well-formed and raw names, devices and regions coming
 * and going in any order, allocation failures injected anywhere. After
 * every operation the model's invariants must hold; after every input,
 * full teardown must leave nothing allocated and no warning.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "user/dax_bus/dax_model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NREG	2
#define NDEV	6
#define SZ_128M	(128ULL << 20)

struct region_slot {
	void *parent;
	struct kds_dax_region *r;
	bool creator_ref;
	bool registered;
};

struct state {
	struct kds_dax_model m;
	struct kds_dax_model_platform plat;
	struct kds_dax_model_driver drv[3];	/* device_dax, kmem, rival default */
	struct region_slot reg[NREG];
	struct kds_dax_model_dev *dev[NDEV];
};

static void check(bool cond)
{
	if (!cond)
		abort();
}

static void invariants(struct state *s)
{
	struct kds_dax_model_dev *dev;
	unsigned int bound[3] = { 0, 0, 0 }, defaults = 0;

	for (int d = 0; d < 3; d++)
		if (kds_dax_driver_is_registered(&s->drv[d].core) && s->drv[d].core.match_always)
			defaults++;
	check(defaults <= 1);
	check((s->m.bus.default_drv != NULL) == (defaults == 1));
	list_for_each_entry(dev, &s->m.devices, node) {
		if (!dev->driver)
			continue;
		check(kds_dax_driver_is_registered(&dev->driver->core));
		check(kds_dax_driver_match(&dev->driver->core, &dev->dax) ||
		      dev->driver == &s->drv[1]);	/* remove_id leaves kmem bound */
		for (int d = 0; d < 3; d++)
			bound[d] += dev->driver == &s->drv[d];
	}
	list_for_each_entry(dev, &s->m.class_devices, node)
		check(dev->driver == NULL);
	for (int d = 0; d < 3; d++)
		check(!kds_dax_driver_is_registered(&s->drv[d].core) || s->drv[d].nr_bound == bound[d]);
}

/* A name from one byte: mostly well formed, sometimes with a newline. */
static size_t pick_name(char *out, size_t cap, uint8_t arg)
{
	int n = kds_dax_format_name(out, cap, arg & 1, (arg >> 1) & 3);

	if (arg & 0x80)
		out[n++] = '\n';
	return (size_t)n;
}

static void region_drop(struct region_slot *rs)
{
	if (rs->registered) {
		check(kds_dax_region_unregister(rs->r) == 0);
		rs->registered = false;
		rs->parent = NULL;
	}
	if (rs->creator_ref) {
		kds_dax_region_put(rs->r);
		rs->creator_ref = false;
	}
	rs->r = NULL;
}

static void run(struct state *s, const uint8_t *data, size_t size)
{
	for (size_t k = 0; k + 1 < size; k += 2) {
		uint8_t op = data[k] % 14, arg = data[k + 1];
		struct kds_dax_model_driver *drv = &s->drv[arg % 3];
		struct region_slot *rs = &s->reg[arg % NREG];
		int slot = arg % NDEV;
		char name[KDS_DAX_NAME_LEN + 2];
		size_t len;
		ssize_t rc;

		switch (op) {
		case 0:
			if (!kds_dax_driver_is_registered(&drv->core)) {
				int e = kds_dax_model_driver_register(&s->m, drv);

				check(e == 0 || e == -EINVAL || e == -ENOMEM);
			}
			break;
		case 1:
			if (kds_dax_driver_is_registered(&drv->core))
				kds_dax_model_driver_unregister(drv);
			break;
		case 2:
		case 3:
		case 4:
		case 5: {
			static const char *const files[] = {
				"new_id", "remove_id", "bind", "unbind",
			};

			len = pick_name(name, sizeof(name), arg);
			rc = kds_dax_model_driver_store(drv, files[op - 2], name, len);
			/* an id store fails only as the driver core lets it */
			check(rc == (ssize_t)len || op >= 4 ||
			      rc == -ENODEV || rc == -ENOMEM);
			check(rc == (ssize_t)len || rc < 0);
			break;
		}
		case 6: {
			/* raw bytes from the input as a name */
			size_t avail = size - k - 2, n = arg % 28;

			if (n > avail)
				n = avail;
			rc = kds_dax_model_driver_store(drv, (arg & 0x40) ? "new_id" : "bind",
							(const char *)data + k + 2, n);
			check(rc == (ssize_t)n || rc < 0);
			k += n;
			break;
		}
		case 7:
			if (!rs->r) {
				struct kds_dax_region *r;

				r = kds_dax_region_alloc(rs->parent, (int)(rs - s->reg),
							 (u64)(rs - s->reg) * 4 * SZ_128M,
							 (arg & 1) ? SZ_128M : 2 * SZ_128M,
							 (arg & 2) ? -1 : 0, 4096, 0);
				check(!IS_ERR(r) || PTR_ERR(r) == -ENOMEM ||
				      PTR_ERR(r) == -EBUSY);
				if (!IS_ERR(r)) {
					rs->r = r;
					rs->parent = r;	/* the glue keeps its region */
					rs->creator_ref = rs->registered = true;
				}
			}
			break;
		case 8:
			if (rs->r && rs->registered) {
				check(kds_dax_region_unregister(rs->r) == 0);
				rs->registered = false;
				rs->parent = NULL;
				if (!rs->creator_ref)
					rs->r = NULL;
			}
			break;
		case 9:
			if (rs->r && rs->creator_ref) {
				kds_dax_region_put(rs->r);
				rs->creator_ref = false;
				if (!rs->registered)
					rs->r = NULL;
			}
			break;
		case 10:
			if (!s->dev[slot] && rs->r) {
				struct kds_dax_model_dev *dev;

				dev = kds_dax_model_device_add(&s->m, rs->r, (arg >> 1) & 3,
							       (arg & 0x40) ? KDS_DEV_DAX_CLASS
									    : KDS_DEV_DAX_BUS);
				check(!IS_ERR(dev) || PTR_ERR(dev) == -ENOMEM ||
				      PTR_ERR(dev) == -EEXIST || PTR_ERR(dev) == -ENXIO);
				if (!IS_ERR(dev))
					s->dev[slot] = dev;
			}
			break;
		case 11:
			if (s->dev[slot]) {
				kds_dax_model_device_unregister(s->dev[slot]);
				s->dev[slot] = NULL;
			}
			break;
		case 12:
			if (s->dev[slot]) {
				char buf[KDS_DAX_ATTR_BUF_SIZE];
				static const char *const attrs[] = {
					"modalias", "size", "target_node", "uevent",
				};

				rc = kds_dax_model_device_show(s->dev[slot], attrs[arg % 4], buf);
				check(rc > 0 || rc == -ENOENT);
				if (s->dev[slot]->dax.subsys == KDS_DEV_DAX_CLASS) {
					int e = kds_dax_model_class_probe(s->dev[slot]);

					check(e == 0 || e == -EBUSY);
				}
			}
			break;
		default:
			/*
			 * fail one of the next allocations, or make add_memory
			 * or remove_memory (memory in use) fail
			 */
			if ((arg & 0xc0) == 0xc0)
				s->plat.fail_remove = -EBUSY;
			else if (arg & 0x80) {
				/* the next add, or the one after it (a second range) */
				s->plat.fail_add = -ENOSPC;
				s->plat.fail_add_after = (arg >> 4) & 1;
			}
			else
				kds_alloc_fail_nth(1 + arg % 4);
			continue;
		}
		kds_alloc_fail_off();
		invariants(s);
	}
	kds_alloc_fail_off();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct state s;

	kds_warn_set_quiet(true);
	kds_warn_reset();
	memset(&s, 0, sizeof(s));
	kds_dax_model_init(&s.m);
	kds_dax_model_platform_init(&s.plat, SZ_128M);
	kds_dax_model_device_dax_driver_init(&s.drv[0]);
	kds_dax_model_kmem_driver_init(&s.drv[1], &s.plat);
	kds_dax_model_device_dax_driver_init(&s.drv[2]);
	s.drv[2].core.name = "rival";

	run(&s, data, size);

	/* Teardown in a fixed order; the region drops before its devices. */
	for (int i = 0; i < NREG; i++)
		if (s.reg[i].r)
			region_drop(&s.reg[i]);
	for (int i = 0; i < NDEV; i++)
		if (s.dev[i])
			kds_dax_model_device_unregister(s.dev[i]);
	for (int d = 0; d < 3; d++)
		if (kds_dax_driver_is_registered(&s.drv[d].core))
			kds_dax_model_driver_unregister(&s.drv[d]);
	check(s.m.bus.nr_drivers == 0 && s.m.bus.default_drv == NULL);
	kds_dax_model_destroy(&s.m);
	kds_dax_model_platform_destroy(&s.plat);
	check(kds_alloc_live() == 0);
	/* quiet holds back messages, never a warning nothing expected */
	check(kds_warn_unexpected_count() == 0);
	check(kds_warn_count() == 0);
	return 0;
}
