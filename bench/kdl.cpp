/*
 * kdl.cpp - Orocos KDL's Levenberg-Marquardt solver (ChainIkSolverPos_LMA)
 * on the very arms and targets bench/ikreach.c solves, so scripts/bench-
 * ikreach compares both in the same run.  Built there when KDL is installed.
 *
 * stdin: blocks "n count", n link lengths, count lines "x y" (from
 * 'build/bench/ikreach targets COUNT').  stdout: "kdl n us-per-solve
 * success-percent" a block.  Cold starts from 0.1 rad at every joint (all
 * zeros is the stretched, singular pose); tolerance 1e-6 x reach on the
 * position only, checked by KDL's own forward kinematics.
 */
#include <kdl/chain.hpp>
#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/chainiksolverpos_lma.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

static bool
solve_block(int n, long count)
{
	std::vector<double> len(n);
	std::vector<KDL::Vector> t(count);
	KDL::Chain chain;
	double reach = 0;

	for (int i = 0; i < n; i++) {
		if (std::scanf("%lf", &len[i]) != 1)
			return false;
		reach += len[i];
		chain.addSegment(KDL::Segment(KDL::Joint(KDL::Joint::RotZ),
		    KDL::Frame(KDL::Vector(len[i], 0, 0))));
	}
	for (long k = 0; k < count; k++) {
		double x, y;

		if (std::scanf("%lf %lf", &x, &y) != 2)
			return false;
		t[k] = KDL::Vector(x, y, 0);
	}
	Eigen::Matrix<double, 6, 1> weight;
	weight << 1, 1, 1, 0, 0, 0;	/* position only, as ikreach's targets */
	double tol = 1e-6 * reach;
	KDL::ChainIkSolverPos_LMA ik(chain, weight, tol, 500);
	KDL::ChainFkSolverPos_recursive fk(chain);
	KDL::JntArray init(n), q(n);
	std::vector<KDL::JntArray> out(count, KDL::JntArray(n));

	for (int i = 0; i < n; i++)
		init(i) = 0.1;
	/* the machine is shared: the best of 3 runs, as bench/ikreach.c does */
	double best = 0;
	for (int rep = 0; rep < 3; rep++) {
		auto t0 = std::chrono::steady_clock::now();
		for (long k = 0; k < count; k++)
			ik.CartToJnt(init, KDL::Frame(t[k]), out[k]);
		std::chrono::duration<double> dt =
		    std::chrono::steady_clock::now() - t0;
		if (rep == 0 || dt.count() < best)
			best = dt.count();
	}
	long ok = 0;
	for (long k = 0; k < count; k++) {
		KDL::Frame f;

		fk.JntToCart(out[k], f);
		ok += (f.p - t[k]).Norm() <= tol;
	}
	std::printf("kdl %d %.3f %.2f\n", n, 1e6 * best / count,
	    100.0 * ok / count);
	return true;
}

int
main()
{
	int n;
	long count;

	while (std::scanf("%d %ld", &n, &count) == 2)
		if (n < 1 || count < 1 || !solve_block(n, count))
			return 1;
	return 0;
}
