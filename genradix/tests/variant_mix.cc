// SPDX-License-Identifier: GPL-2.0
/*
 * variant_mix.cc - a tree and a spare node handed across files built for
 * different node sizes, in C++, where parameter types reach the linker:
 * compile_test.sh builds the taker for one node size and the giver for
 * the other and expects the link to fail (the types of each node size
 * have names of their own), and to succeed when both sides agree.
 *
 *   MIX_TAKER  uses a tree and a spare it is handed, with its node size
 *   MIX_GIVER  hands its tree and a spare of its own node size over
 */
#include "kds/genradix.h"

typedef KDS_GENRADIX(kds_u32) mix_tree_t;

void *mix_take_tree(struct __kds_genradix *tree, size_t idx);
void *mix_take_spare(mix_tree_t *t, size_t idx, struct kds_genradix_node **spare);

#if defined(MIX_TAKER)
void *mix_take_tree(struct __kds_genradix *tree, size_t idx)
{
	mix_tree_t *t = reinterpret_cast<mix_tree_t *>(tree);

	return kds_genradix_ptr_alloc(t, idx, KDS_GFP_KERNEL);
}

void *mix_take_spare(mix_tree_t *t, size_t idx, struct kds_genradix_node **spare)
{
	return kds_genradix_ptr_alloc_preallocated(t, idx, spare, KDS_GFP_KERNEL);
}
#elif defined(MIX_GIVER)
void *mix_give(mix_tree_t *t);

void *mix_give(mix_tree_t *t)
{
	struct kds_genradix_node *spare = kds_genradix_alloc_node(KDS_GFP_KERNEL);

	if (!mix_take_tree(&t->tree, 1))
		return nullptr;
	return mix_take_spare(t, 1000, &spare);
}
#else
#error "define MIX_TAKER or MIX_GIVER"
#endif
