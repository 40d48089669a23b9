s_branch nowhere
