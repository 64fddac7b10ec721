// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice PAYD, the stable token of the lending protocol: ERC-20 with EIP-2612 permit. Only the
/// protocol mints (borrower operations), burns (borrower operations, cache manager, rewards pool) and
/// moves tokens in and out of the pools.
contract PAYDToken {
    string public constant name = "PAYD";
    string public constant symbol = "PAYD";
    string public constant version = "1";
    uint8 public constant decimals = 18;

    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 internal constant TYPE_HASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    address public immutable borrowerOperations;
    address public immutable cacheManager;
    address public immutable rewardsPool;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => uint256) public nonces;

    bytes32 private immutable cachedDomainSeparator;
    uint256 private immutable cachedChainId;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error CallerNotAllowed(address caller);
    error InvalidRecipient(address recipient);
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error PermitExpired(uint256 deadline);
    error InvalidSignature();

    constructor(address borrowerOperations_, address cacheManager_, address rewardsPool_) {
        borrowerOperations = borrowerOperations_;
        cacheManager = cacheManager_;
        rewardsPool = rewardsPool_;
        cachedChainId = block.chainid;
        cachedDomainSeparator = _buildDomainSeparator();
    }

    // --- ERC-20 ---

    function transfer(address to, uint256 amount) external returns (bool) {
        _requireValidRecipient(to);
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _requireValidRecipient(to);
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(msg.sender, allowed, amount);
            _approve(from, msg.sender, allowed - amount);
        }
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        _approve(msg.sender, spender, allowance[msg.sender][spender] + added);
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtracted) external returns (bool) {
        uint256 allowed = allowance[msg.sender][spender];
        if (allowed < subtracted) revert InsufficientAllowance(spender, allowed, subtracted);
        _approve(msg.sender, spender, allowed - subtracted);
        return true;
    }

    // --- Protocol-only ---

    function mint(address account, uint256 amount) external {
        if (msg.sender != borrowerOperations) revert CallerNotAllowed(msg.sender);
        totalSupply += amount;
        balanceOf[account] += amount;
        emit Transfer(address(0), account, amount);
    }

    /// @notice mint(account, amount) then mint(account2, amount2), in one call with one supply write.
    function mintTwo(address account, uint256 amount, address account2, uint256 amount2) external {
        if (msg.sender != borrowerOperations) revert CallerNotAllowed(msg.sender);
        totalSupply += amount + amount2;
        balanceOf[account] += amount;
        emit Transfer(address(0), account, amount);
        balanceOf[account2] += amount2;
        emit Transfer(address(0), account2, amount2);
    }

    function burn(address account, uint256 amount) external {
        if (msg.sender != borrowerOperations && msg.sender != cacheManager && msg.sender != rewardsPool) {
            revert CallerNotAllowed(msg.sender);
        }
        uint256 balance = balanceOf[account];
        if (balance < amount) revert InsufficientBalance(account, balance, amount);
        balanceOf[account] = balance - amount;
        totalSupply -= amount;
        emit Transfer(account, address(0), amount);
    }

    /// @notice burn(account, amount) then burn(account2, amount2), in one call with one supply write
    /// (closing a cache burns the owner's repayment and the gas pool's reserve).
    function burnTwo(address account, uint256 amount, address account2, uint256 amount2) external {
        if (msg.sender != borrowerOperations && msg.sender != cacheManager && msg.sender != rewardsPool) {
            revert CallerNotAllowed(msg.sender);
        }
        uint256 balance = balanceOf[account];
        if (balance < amount) revert InsufficientBalance(account, balance, amount);
        balanceOf[account] = balance - amount;
        emit Transfer(account, address(0), amount);
        uint256 balance2 = balanceOf[account2];
        if (balance2 < amount2) revert InsufficientBalance(account2, balance2, amount2);
        balanceOf[account2] = balance2 - amount2;
        totalSupply -= amount + amount2;
        emit Transfer(account2, address(0), amount2);
    }

    function sendToPool(address sender, address pool, uint256 amount) external {
        if (msg.sender != rewardsPool) revert CallerNotAllowed(msg.sender);
        _transfer(sender, pool, amount);
    }

    function returnFromPool(address pool, address receiver, uint256 amount) external {
        if (msg.sender != cacheManager && msg.sender != rewardsPool) revert CallerNotAllowed(msg.sender);
        _transfer(pool, receiver, amount);
    }

    // --- EIP-2612 ---

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return block.chainid == cachedChainId ? cachedDomainSeparator : _buildDomainSeparator();
    }

    function permit(address owner, address spender, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
    {
        if (block.timestamp > deadline) revert PermitExpired(deadline);
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                DOMAIN_SEPARATOR(),
                keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, amount, nonces[owner]++, deadline))
            )
        );
        // Reject malleable (high-s) signatures.
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) revert InvalidSignature();
        address recovered = ecrecover(digest, v, r, s);
        if (recovered == address(0) || recovered != owner) revert InvalidSignature();
        _approve(owner, spender, amount);
    }

    // --- Internals ---

    function _buildDomainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(TYPE_HASH, keccak256(bytes(name)), keccak256(bytes(version)), block.chainid, address(this)));
    }

    function _transfer(address from, address to, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _approve(address owner, address spender, uint256 amount) internal {
        allowance[owner][spender] = amount;
        emit Approval(owner, spender, amount);
    }

    /// @dev Tokens sent to the token itself, the zero address or a protocol contract would be lost (the
    /// rewards pool only counts PAYD deposited through provideToSP).
    function _requireValidRecipient(address to) internal view {
        if (
            to == address(0) || to == address(this) || to == borrowerOperations || to == cacheManager
                || to == rewardsPool
        ) revert InvalidRecipient(to);
    }
}
